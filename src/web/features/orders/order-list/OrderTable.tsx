import { Link } from 'react-router';
import { formatLongDate } from '../../../../shared/dates';
import { ORDER_STATUS_WORDS } from '../../../../shared/orders/order-status';
import { buyerAndRecipientOf, type Order } from '../../../../shared/orders/orders';
import { textLinkClass } from '../../../ui/Button';
import { Price } from '../../../ui/Price';
import { ScrollRegion } from '../../../ui/ScrollRegion';
import { cell, headCell } from '../../../back-office/admin-table';
import type { TickedOrders } from './ticked-orders';

/** On a phone the status goes under the number and the date under the customer, to fit a row. */
const WIDE_ONLY = 'hidden sm:table-cell';
const HEADINGS = [
  { name: 'Order', className: '' },
  { name: 'Customer', className: '' },
  { name: 'Date', className: WIDE_ONLY },
  { name: 'Total', className: '' },
  { name: 'Status', className: WIDE_ONLY },
] as const;

function OrderRow({ order, ticked }: { order: Order; ticked: TickedOrders }) {
  const isTicked = ticked.has(order._id);
  return (
    <tr className={isTicked ? 'bg-accent-soft/60' : undefined}>
      <td className="w-12 pl-1 align-middle">
        <label className="flex size-11 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            className="size-5 accent-accent"
            checked={isTicked}
            onChange={() => ticked.toggle(order)}
          />
          <span className="sr-only">Tick order {order.orderNumber}</span>
        </label>
      </td>
      <td className={cell}>
        <Link
          to={`/admin/order/${order._id}`}
          aria-label={`Details of order ${order.orderNumber}`}
          className={`${textLinkClass} inline-flex min-h-11 items-center font-mono text-sm whitespace-nowrap`}
        >
          {order.orderNumber}
        </Link>
        <span className="block text-sm text-muted sm:hidden">
          {ORDER_STATUS_WORDS[order.status]}
        </span>
      </td>
      <td className={cell}>
        <span className="block">
          {buyerAndRecipientOf(order)}
          {order.user === null && <span className="text-muted"> (guest)</span>}
        </span>
        {order.email && (
          <span className="block text-sm wrap-anywhere text-muted">{order.email}</span>
        )}
        <span className="block text-sm text-muted sm:hidden">
          {formatLongDate(order.createdAt)}
        </span>
      </td>
      <td className={`${cell} ${WIDE_ONLY} whitespace-nowrap`}>
        <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
      </td>
      <td className={cell}>
        <Price pounds={order.totalPrice} />
      </td>
      <td className={`${cell} ${WIDE_ONLY}`}>{ORDER_STATUS_WORDS[order.status]}</td>
    </tr>
  );
}

/** The orders found, each with a box to tick it for printing or dispatching with others. */
export function OrderTable({ orders, ticked }: { orders: readonly Order[]; ticked: TickedOrders }) {
  return (
    <ScrollRegion label="Orders">
      <table className="w-full border-collapse sm:min-w-[46rem]">
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className={`${headCell} w-12`}>
              <span className="sr-only">Ticked</span>
            </th>
            {HEADINGS.map(({ name, className }) => (
              <th key={name} scope="col" className={`${headCell} ${className}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} ticked={ticked} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
