import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { closeAccountBodySchema } from '../../../shared/accounts/accounts';
import { ORDER_STATUS_WORDS } from '../../../shared/orders/order-status';
import { keptUntilWords } from '../../../shared/accounts/your-data';
import { ApiError } from '../../api/client';
import { useCloseAccount, useDownloadMyData, useOrdersKeptIfClosed } from '../../api/your-data';
import { Button, textLinkClass } from '../../ui/Button';
import { FormStatus, TextField } from '../../ui/FormField';

/**
 * The orders still to be sent, delivered or returned, which closing keeps whole until each is
 * settled: the parcel still needs its name, street and a way to reach its buyer.
 */
function OrdersKept() {
  const kept = useOrdersKeptIfClosed();
  if (!kept.data || kept.data.length === 0) return null;
  const one = kept.data.length === 1;
  return (
    <div className="flex flex-col gap-2">
      <p>
        {one ? 'One order is' : `${String(kept.data.length)} orders are`} still open. We keep your
        name, street, email and phone on {one ? 'it' : 'each'} until it is settled, so that we can
        send, deliver or take back what you bought:
      </p>
      <ul className="list-disc pl-6">
        {kept.data.map((order) => (
          <li key={order._id}>
            Order {order.orderNumber} ({ORDER_STATUS_WORDS[order.status].toLowerCase()}), kept{' '}
            {keptUntilWords(order)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Closing the account: asked once more, with the password, and what stays said plainly. */
function CloseAccount() {
  const [asking, setAsking] = useState(false);
  const close = useCloseAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(closeAccountBodySchema),
    defaultValues: { password: '' },
  });
  const wrongPassword =
    close.error instanceof ApiError && close.error.code === 'CURRENT_PASSWORD_WRONG';
  const submit = handleSubmit((body) => {
    if (close.isPending) return;
    close.mutate(body, {
      onSuccess: () => void navigate('/', { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_WRONG') {
          setError('password', { message: 'That is not your password' });
        }
      },
    });
  });
  if (!asking) {
    return (
      <Button variant="secondary" className="self-start" onClick={() => setAsking(true)}>
        Close my account
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label="Close my account"
      className="flex flex-col gap-4 rounded-shop border border-line p-4"
      onSubmit={(event) => void submit(event)}
    >
      <p>
        Closing your account signs you out everywhere and cannot be undone. Your saved addresses,
        wishlist, newsletter sign-up and stock alerts go. We keep your orders for six years, as the
        tax rules ask, but without your name, email, street or phone; your reviews stay, as a former
        customer’s.
      </p>
      <OrdersKept />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={close.isPending}>
          Yes, close my account
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Keep my account
        </Button>
      </div>
      <FormStatus error={wrongPassword ? null : close.error} />
    </form>
  );
}

/**
 * The person's rights over their data: a copy of everything the shop holds about them, and
 * closing their account. What is kept, why and how long is on the privacy page.
 */
export function YourData() {
  const download = useDownloadMyData();
  return (
    <section aria-labelledby="account-data-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="account-data-heading" className="text-xl">
        Your data
      </h2>
      <p className="text-muted">
        A copy of everything we hold about you, as a file to keep.{' '}
        <Link to="/privacy" className={textLinkClass}>
          What we keep, and why
        </Link>
      </p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        Download my data
      </Button>
      <FormStatus error={download.error} />
      <CloseAccount />
    </section>
  );
}
