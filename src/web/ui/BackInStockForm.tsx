import { useId, useState } from 'react';
import { useStockAlert } from '../api/stock-alerts';
import { Button } from './Button';
import { ErrorBox } from './ErrorBox';
import { SelectField } from './FormField';
import { InlineEmailField } from './InlineEmailField';

/** The options of a product sold out in every one, for the shopper to say which they wait for. */
export interface SoldOutChoice {
  /** The option groups' names, `Ring size` or `Size and colour`. */
  name: string;
  /** Each variant, by its id, named by its values (`N`, `M, Navy`). */
  options: { id: string; label: string }[];
}

/**
 * In place of Add To Basket when the choice is sold out: one mail when it is back. Given `choice`
 * (a product sold out in every option), the shopper first says which option they wait for.
 */
export function BackInStockForm({
  productId,
  variantId,
  what,
  choice,
}: {
  productId: string;
  variantId: string | undefined;
  /** `Size: M`, or the product's name. */
  what: string;
  choice?: SoldOutChoice;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState('');
  const alert = useStockAlert(productId);
  const variant = choice ? chosen || undefined : variantId;
  const ready = email.trim() !== '' && (choice === undefined || variant !== undefined);
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
        if (!ready || alert.isPending) return;
        alert.mutate({ email: email.trim(), ...(variant ? { variant } : {}) });
      }}
    >
      <p id={`${id}-heading`} className="font-medium">
        {choice
          ? `${what} is sold out in every ${choice.name.toLowerCase()}`
          : `${what} is sold out`}
      </p>
      <p className="text-sm text-muted">
        {choice
          ? `Choose the ${choice.name.toLowerCase()} you want and leave your email: we will write once, when it is back in stock.`
          : 'Leave your email and we will write once, when it is back in stock.'}
      </p>
      {choice && (
        <SelectField
          label={choice.name}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose one</option>
          {choice.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </SelectField>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <InlineEmailField id={`${id}-email`} value={email} onChange={setEmail} />
        <Button type="submit" disabled={!ready || alert.isPending}>
          Tell me when it&apos;s back
        </Button>
      </div>
      <div aria-live="polite">{alert.isError && <ErrorBox error={alert.error} />}</div>
    </form>
  );
}
