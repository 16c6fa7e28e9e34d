import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod';
import { useBasket } from '../../state/basket-store';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/FormField';
import { emailField } from './forms';

const guestFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Your name can be at most 100 characters'),
  email: emailField,
});

/**
 * Checking out without an account: the buyer's own name, and the email the order's confirmation,
 * and its link, are sent to.
 * Then on to `next`, the checkout's next step, as a signed-in shopper would go.
 */
export function GuestCheckout({ next }: { next: string }) {
  const navigate = useNavigate();
  const checkOutAsGuest = useBasket((state) => state.checkOutAsGuest);
  const keptEmail = useBasket((state) => state.guestEmail);
  const keptName = useBasket((state) => state.guestName);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(guestFormSchema),
    defaultValues: { name: keptName ?? '', email: keptEmail ?? '' },
  });
  const submit = handleSubmit((guest) => {
    checkOutAsGuest(guest);
    void navigate(next);
  });
  return (
    <section
      id="guest-checkout"
      aria-labelledby="guest-checkout-heading"
      className="mt-10 flex scroll-mt-6 flex-col gap-4 rounded-shop bg-sand p-6"
    >
      <h2 id="guest-checkout-heading" className="text-xl">
        Check out as a guest
      </h2>
      <p className="text-muted">
        No account needed. We email your receipt and a link to follow your order, and to cancel it
        until it is sent.
      </p>
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Your name"
          autoComplete="name"
          hint="Sending a gift? Give your own name here: the recipient's goes on the address."
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email for your receipt"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" variant="secondary">
          Check out as a guest
        </Button>
      </form>
    </section>
  );
}
