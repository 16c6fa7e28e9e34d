import type { Slips } from '../../../../shared/orders/order-desk';
import { PersonalisedText } from '../../../ui/PersonalisedText';

const head = 'border-b-2 border-ink px-2 py-2 text-left text-sm font-medium';
const cell = 'border-b border-line px-2 py-2 align-top';
/** On a phone the variant goes under the product's name, leaving the name room. */
const WIDE_ONLY = 'hidden sm:table-cell';

/** The orders a line is picked for: `K7QF-3MXA`, `B2CD-4EFG ×2`, and `(wrap)` for a wrapped gift. */
function ForOrders({ orders }: { orders: Slips['pickList'][number]['orders'] }) {
  return (
    <ul className="flex flex-col">
      {orders.map((order) => (
        <li key={order._id} className="font-mono text-sm whitespace-nowrap">
          {order.orderNumber}
          {order.qty > 1 && <span className="font-sans"> ×{order.qty}</span>}
          {order.wrap && <span className="font-sans font-medium"> (gift wrap)</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every product and variant to fetch from the shelves for these orders, with how many in all, and
 * the orders each is for (those to gift wrap marked, in print too).
 */
export function PickList({ lines, orders }: { lines: Slips['pickList']; orders: number }) {
  const items = lines.reduce((sum, line) => sum + line.qty, 0);
  return (
    <section aria-labelledby="pick-list-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="pick-list-heading" className="text-2xl">
          Pick list
        </h2>
        <p className="text-muted">
          {items} item{items === 1 ? '' : 's'} for {orders} order{orders === 1 ? '' : 's'}
        </p>
      </div>
      <table className="w-full border-collapse">
        <thead>
          <tr>
            <th scope="col" className={head}>
              Product
            </th>
            <th scope="col" className={`${head} ${WIDE_ONLY}`}>
              Variant
            </th>
            <th scope="col" className={head}>
              SKU
            </th>
            <th scope="col" className={`${head} text-right`}>
              Quantity
            </th>
            <th scope="col" className={head}>
              For orders
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr
              key={`${line.product ?? line.name}/${line.variant ?? ''}/${line.personalisation ?? ''}`}
              className="break-inside-avoid"
            >
              <td className={cell}>
                {line.name}
                {line.variantLabel && (
                  <span className="block text-sm text-muted sm:hidden">{line.variantLabel}</span>
                )}
                {line.personalisation && (
                  <PersonalisedText
                    label={line.personalisationLabel}
                    text={line.personalisation}
                    large
                  />
                )}
              </td>
              <td className={`${cell} ${WIDE_ONLY}`}>{line.variantLabel ?? '–'}</td>
              <td className={`${cell} font-mono text-sm break-all`}>{line.sku ?? '–'}</td>
              <td className={`${cell} text-right text-lg tabular-nums`}>{line.qty}</td>
              <td className={cell}>
                <ForOrders orders={line.orders} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
