import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod';
import { useBasket } from '../../state/basket-store';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/FormField';
import { emailField } from './forms';

const guestFormSchema = z.object({ email: emailField });

/**
 * Checking out without an account: the email the order's confirmation, and its link, are sent to.
 * Then on to `next`, the checkout's next step, as a signed-in shopper would go.
 */
export function GuestCheckout({ next }: { next: string }) {
  const navigate = useNavigate();
  const checkOutAsGuest = useBasket((state) => state.checkOutAsGuest);
  const kept = useBasket((state) => state.guestEmail);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(guestFormSchema),
    defaultValues: { email: kept ?? '' },
  });
  const submit = handleSubmit(({ email }) => {
    checkOutAsGuest(email);
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
