import { useId, useState } from 'react';
import { formatLongDate } from '../../../../shared/dates';
import { formatPence, poundsToPence } from '../../../../shared/money';
import type { Order } from '../../../../shared/orders/orders';
import { SHOP_NAME } from '../../../../shared/settings/shop';
import { DeliveryAddress } from '../../../ui/DeliveryAddress';
import { PlacedOrderTotals } from '../../../ui/OrderTotals';
import { PersonalisedText } from '../../../ui/PersonalisedText';

const head = 'border-b-2 border-ink px-2 py-2 text-left text-sm font-medium';
const cell = 'border-b border-line px-2 py-2 align-top';
const money = 'text-right tabular-nums whitespace-nowrap';
/** On a phone the variant goes under the item's name, leaving the name room. */
const WIDE_ONLY = 'hidden sm:table-cell';

function SlipLines({ order, prices }: { order: Order; prices: boolean }) {
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">In this parcel</caption>
      <thead>
        <tr>
          <th scope="col" className={head}>
            Item
          </th>
          <th scope="col" className={`${head} ${WIDE_ONLY}`}>
            Variant
          </th>
          <th scope="col" className={`${head} text-right`}>
            Qty
          </th>
          {prices && (
            <>
              <th scope="col" className={`${head} text-right`}>
                Price
              </th>
              <th scope="col" className={`${head} text-right`}>
                Total
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {order.orderItems.map((item, index) => (
          <tr key={`${item.product ?? item.name}-${String(index)}`}>
            <td className={cell}>
              {item.name}
              {item.variantLabel && (
                <span className="block text-sm text-muted sm:hidden">{item.variantLabel}</span>
              )}
              {item.personalisation && (
                <PersonalisedText
                  label={item.personalisationLabel}
                  text={item.personalisation}
                  large
                />
              )}
            </td>
            <td className={`${cell} ${WIDE_ONLY}`}>{item.variantLabel ?? '–'}</td>
            <td className={`${cell} ${money}`}>{item.qty}</td>
            {prices && (
              <>
                <td className={`${cell} ${money}`}>{formatPence(poundsToPence(item.price))}</td>
                <td className={`${cell} ${money}`}>
                  {formatPence(poundsToPence(item.price) * item.qty)}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One order's packing slip, on a page of its own when printed: its number and date, who it goes
 * to, and what is in the parcel. Prices can be left off (a present, say); the box that does so
 * is not printed.
 */
export function PackingSlip({ order }: { order: Order }) {
  const [pricesChosen, setPrices] = useState(true);
  // A gift's parcel never carries prices: its slip shows the buyer's message instead.
  const prices = order.gift === null && pricesChosen;
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-6 rounded-shop border border-line bg-surface p-4 sm:p-6 print:break-before-page print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-serif text-xl">{SHOP_NAME}</p>
          <p className="text-sm tracking-[0.12em] text-muted uppercase">Packing slip</p>
        </div>
        {order.gift ? (
          <div className="flex flex-col items-end gap-1">
            <p className="text-sm font-medium print:hidden">
              {order.gift.wrap ? 'A gift: wrap it, no prices' : 'A gift: no prices'}
            </p>
            {/* The packer needs the wrap on paper too: a bold box that prints in black. */}
            {order.gift.wrap && (
              <p className="rounded-shop border-2 border-ink px-3 py-1 text-lg font-semibold tracking-[0.08em] uppercase">
                Gift wrap
              </p>
            )}
          </div>
        ) : (
          <label className="flex min-h-11 cursor-pointer items-center gap-2 print:hidden">
            <input
              type="checkbox"
              className="size-5 accent-accent"
              checked={!prices}
              onChange={(event) => setPrices(!event.target.checked)}
            />
            Leave prices off
            <span className="sr-only">, order {order.orderNumber}</span>
          </label>
        )}
      </header>
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <h2 id={headingId} className="text-2xl">
            Order <span className="font-mono text-xl">{order.orderNumber}</span>
          </h2>
          <p>
            Placed on <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
          </p>
          {order.delivery && (
            <p className="mt-1 font-medium">
              {order.delivery.name}
              {order.delivery.signed && ' (signed for)'}
            </p>
          )}
        </div>
        <div>
          <h3 className="font-sans text-sm font-medium tracking-[0.12em] text-muted uppercase">
            {order.delivery?.collect ? 'To be collected by' : 'Deliver to'}
          </h3>
          {order.delivery?.collect ? (
            <p className="mt-1">
              {order.shippingAddress.name}
              <span className="block">{order.shippingAddress.phone}</span>
            </p>
          ) : (
            <DeliveryAddress address={order.shippingAddress} className="mt-1" />
          )}
        </div>
      </div>
      <SlipLines order={order} prices={prices} />
      {order.gift?.message && (
        <blockquote className="rounded-shop border border-line px-5 py-4 font-serif text-lg whitespace-pre-line wrap-anywhere">
          {order.gift.message}
        </blockquote>
      )}
      {prices && (
        <div className="sm:ml-auto sm:w-80">
          <PlacedOrderTotals order={order} />
        </div>
      )}
      <p className="text-sm text-muted">Thank you for shopping with {SHOP_NAME}.</p>
    </article>
  );
}
