import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod';
import { CONSENT_WORDING } from '../../../shared/consents/consents';
import { keepGuestBasket } from '../../api/kept-basket';
import { useBasket } from '../../state/basket-store';
import { showToast } from '../../state/toast-store';
import { TOAST } from '../../ui/messages';
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
  /** "Remind me about my basket by email": never ticked for the shopper. */
  remind: z.boolean(),
});

/**
 * Checking out without an account: the buyer's own name, and the email the order's confirmation,
 * and its link, are sent to; and, if they tick it, reminders of the basket should they leave it.
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
    defaultValues: { name: keptName ?? '', email: keptEmail ?? '', remind: false },
  });
  const submit = handleSubmit(({ remind, ...guest }) => {
    checkOutAsGuest(guest);
    if (remind) {
      void keepGuestBasket(guest.email).then((kept) => {
        if (!kept) showToast(TOAST.reminderNotKept);
      });
    }
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
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-ink"
            {...register('remind')}
          />
          <span>
            {CONSENT_WORDING['basket-reminders'].checkout}{' '}
            <span className="text-muted">
              At most three, stopped by your order or an empty basket, each with a link to
              unsubscribe.
            </span>
          </span>
        </label>
        <Button type="submit" variant="secondary">
          Check out as a guest
        </Button>
      </form>
    </section>
  );
}
