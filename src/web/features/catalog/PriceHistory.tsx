import { memo, useId, useState } from 'react';
import type { AdminProduct, PricePeriodAnswer } from '../../../shared/catalog/catalog-admin';
import { variantLabel } from '../../../shared/catalog/variants';
import { WAS_PRICE_DAYS, WAS_PRICE_MONTHS } from '../../../shared/catalog/was-prices';
import { SHOP_TIME_ZONE } from '../../../shared/uk-time';
import { formatPounds } from '../../../shared/money';
import { usePriceHistory } from '../../api/admin-products';
import { AdminTable, cell, TableLoading } from '../../back-office/admin-table';
import { ErrorBox } from '../../ui/ErrorBox';
import { SelectField } from '../../ui/FormField';

const DAY_MS = 24 * 60 * 60 * 1000;

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: SHOP_TIME_ZONE,
});

/** `17 Nov 2026`, the UK day: short enough for the table to fit a phone. */
const dayOf = (iso: string) => shortDate.format(new Date(iso));

/** Whole days a price held, to now for the price now. */
function daysHeld({ from, to }: PricePeriodAnswer): number {
  const end = to === null ? Date.now() : Date.parse(to);
  return Math.floor((end - Date.parse(from)) / DAY_MS);
}

const dayWords = (days: number) => (days === 1 ? '1 day' : `${days} days`);

const HEADINGS = ['Price', 'From', 'To', 'Held'] as const;

/**
 * The prices a product, or the variant chosen, sold at, the price now first: what a was price is
 * judged by. For admins, on a product that is on sale to shoppers. Drawn again only when the
 * product saved changes, not at each key typed in the form around it.
 */
export const PriceHistory = memo(function PriceHistory({ product }: { product: AdminProduct }) {
  const id = useId();
  const [variant, setVariant] = useState('');
  const history = usePriceHistory(product._id, variant);
  const periods = [...(history.data?.periods ?? [])].reverse();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-3">
      <h2 id={`${id}-heading`} className="font-serif text-lg">
        Price history
      </h2>
      <p className="text-sm text-muted">
        What it sold at, the price now first. A was price must be one of these, held for{' '}
        {WAS_PRICE_DAYS} days in a row within the last {WAS_PRICE_MONTHS} months.
      </p>
      {product.variants.length > 0 && (
        <SelectField
          label="Prices of"
          value={variant}
          onChange={(event) => setVariant(event.target.value)}
        >
          <option value="">The product (its lowest price)</option>
          {product.variants.map((each) => (
            <option key={each._id} value={each._id}>
              {variantLabel(product.options, each.options)}
            </option>
          ))}
        </SelectField>
      )}
      {history.isPending ? (
        <TableLoading label="Loading the price history…" />
      ) : history.error ? (
        <ErrorBox error={history.error} />
      ) : (
        <AdminTable label="Prices, newest first" minWidth="min-w-[18rem]" headings={HEADINGS}>
          {periods.map((period) => (
            <tr key={period.from}>
              <td className={`${cell} font-serif tabular-nums`}>{formatPounds(period.price)}</td>
              <td className={cell}>{dayOf(period.from)}</td>
              <td className={cell}>{period.to === null ? 'Now' : dayOf(period.to)}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                {dayWords(daysHeld(period))}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
});
