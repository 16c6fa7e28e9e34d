import { useId, type ComponentProps } from 'react';
import {
  GIFT_CARD_LEAST_PENCE,
  GIFT_CARD_MOST_PENCE,
} from '../../../../../shared/gift-cards/gift-cards';
import { formatPence } from '../../../../../shared/money';
import { fieldClass } from '../../../../ui/field';
import { describedBy, FieldError } from '../../../../ui/FormField';

type OwnAmountFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  error: string | undefined;
};

/** The amount a buyer names, in pounds, with the pound sign before the field. */
export function OwnAmountField({ error, ...input }: OwnAmountFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {`Amount (${formatPence(GIFT_CARD_LEAST_PENCE)} to ${formatPence(GIFT_CARD_MOST_PENCE)})`}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <span aria-hidden="true" className="font-serif text-lg">
          £
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          className={`${fieldClass} max-w-40`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(undefined, errorId)}
          {...input}
        />
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
