import { useId, useState } from 'react';
import { useStockAlert } from '../api/stock-alerts';
import { Button } from './Button';
import { ErrorBox } from './ErrorBox';
import { InlineEmailField } from './InlineEmailField';

/** In place of Add To Basket when the choice is sold out: one mail when it is back. */
export function BackInStockForm({
  productId,
  variantId,
  what,
}: {
  productId: string;
  variantId: string | undefined;
  /** `Size: M`, or the product's name. */
  what: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const alert = useStockAlert(productId);
  if (alert.isSuccess) {
    return (
      <p role="status" className="rounded-shop bg-success/10 px-4 py-3 text-success">
        {alert.data.message}
      </p>
    );
  }
  return (
    <form
      aria-labelledby={`${id}-heading`}
      noValidate
      className="flex flex-col gap-3 rounded-shop border border-line p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (email.trim() === '' || alert.isPending) return;
        alert.mutate({ email: email.trim(), ...(variantId ? { variant: variantId } : {}) });
      }}
    >
      <p id={`${id}-heading`} className="font-medium">
        {what} is sold out
      </p>
      <p className="text-sm text-muted">
        Leave your email and we will write once, when it is back in stock.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <InlineEmailField id={`${id}-email`} value={email} onChange={setEmail} />
        <Button type="submit" disabled={email.trim() === '' || alert.isPending}>
          Tell me when it&apos;s back
        </Button>
      </div>
      <div aria-live="polite">{alert.isError && <ErrorBox error={alert.error} />}</div>
    </form>
  );
}
