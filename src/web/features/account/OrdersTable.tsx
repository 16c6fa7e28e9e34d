import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { ORDER_STATUS_WORDS } from '../../../shared/orders/order-status';
import { textLinkClass } from '../../ui/Button';
import { Price } from '../../ui/Price';
import { ScrollRegion } from '../../ui/ScrollRegion';
import type { Order } from '../../../shared/orders/orders';
import { DateOrCross } from '../../ui/DateOrCross';

/** What the table shows of one order. */
export type OrderRow = Pick<
  Order,
  | '_id'
  | 'orderNumber'
  | 'createdAt'
  | 'totalPrice'
  | 'isPaid'
  | 'paidAt'
  | 'isDelivered'
  | 'deliveredAt'
  | 'status'
>;

/** Where a page of the account's orders is shown: the first on the account page itself. */
export const ordersPageAddress = (page: number) =>
  page === 1 ? '/account/profile' : `/account/profile?page=${page}`;

const headCell = 'px-3 py-3 text-left text-sm font-medium text-muted';
const cell = 'px-3 py-3 align-top';

/**
 * The shopper's own orders, newest first, each linking to its details; `pastTheEnd` when the
 * page asked for lies beyond the last (an old link), rather than there being no orders at all.
 */
export function OrdersTable({
  orders,
  pastTheEnd = false,
}: {
  orders: readonly OrderRow[];
  pastTheEnd?: boolean;
}) {
  return (
    <ScrollRegion label="Your orders">
      <table className="w-full min-w-[42rem] border-collapse">
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className={headCell}>
              ID
            </th>
            <th scope="col" className={headCell}>
              Date
            </th>
            <th scope="col" className={headCell}>
              Total
            </th>
            <th scope="col" className={headCell}>
              Paid
            </th>
            <th scope="col" className={headCell}>
              Delivered
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={headCell}>
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-3 py-8 text-muted">
                {pastTheEnd ? (
                  <>
                    There are no orders on this page.{' '}
                    <Link to={ordersPageAddress(1)} className={textLinkClass}>
                      Your latest orders
                    </Link>
                  </>
                ) : (
                  <>
                    You have not placed any orders yet.{' '}
                    <Link to="/" className={textLinkClass}>
                      Start shopping
                    </Link>
                  </>
                )}
              </td>
            </tr>
          ) : (
            orders.map((order) => (
              <tr key={order._id}>
                <td className={`${cell} font-mono text-sm whitespace-nowrap`}>
                  {order.orderNumber}
                </td>
                <td className={cell}>
                  <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
                </td>
                <td className={cell}>
                  <Price pounds={order.totalPrice} />
                </td>
                <td className={cell}>
                  <DateOrCross date={order.isPaid ? order.paidAt : null} not="Not paid" />
                </td>
                <td className={cell}>
                  <DateOrCross
                    date={order.isDelivered ? order.deliveredAt : null}
                    not="Not delivered"
                  />
                </td>
                <td className={cell}>{ORDER_STATUS_WORDS[order.status]}</td>
                <td className={cell}>
                  <Link
                    to={`/account/order/${order._id}`}
                    aria-label={`Details of order ${order.orderNumber}`}
                    className={textLinkClass}
                  >
                    Details
                  </Link>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
