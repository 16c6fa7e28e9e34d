import { quantityChoices } from '../../shared/orders/basket';

interface QuantitySelectProps {
  id: string;
  label: string;
  value: number;
  countInStock: number;
  onChange: (qty: number) => void;
  hideLabel?: boolean;
}

/** Quantities from 1 to the stock, never more. */
export function QuantitySelect({
  id,
  label,
  value,
  countInStock,
  onChange,
  hideLabel,
}: QuantitySelectProps) {
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm text-muted'}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="min-h-11 rounded-shop border border-line bg-surface px-3 py-2 text-base"
      >
        {quantityChoices(countInStock).map((qty) => (
          <option key={qty} value={qty}>
            {qty}
          </option>
        ))}
      </select>
    </div>
  );
}
