import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { fulfilmentStatus, type Order } from '../../../shared/orders';
import { SHOP_NAME } from '../../../shared/shop';
import { useOrders } from '../../api/orders';
import { textLinkClass } from '../../ui/Button';
import { DateOrCross } from '../../ui/DateOrCross';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { Price } from '../../ui/Price';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { cell, headCell, TableLoading } from './admin-table';

const HEADINGS = ['ID', 'User', 'Date', 'Total', 'Paid', 'Status'] as const;

function OrderRow({ order }: { order: Order }) {
  return (
    <tr>
      <td className={`${cell} font-mono text-xs break-all`}>{order._id}</td>
      <td className={`${cell} break-words`}>{order.user.name}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
      </td>
      <td className={cell}>
        <Price pounds={order.totalPrice} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <DateOrCross date={order.isPaid ? order.paidAt : null} not="Not paid" />
      </td>
      <td className={cell}>{fulfilmentStatus(order)}</td>
      <td className={cell}>
        <Link
          to={`/admin/order/${order._id}`}
          aria-label={`Details of order ${order._id}`}
          className={`${textLinkClass} inline-flex min-h-11 items-center`}
        >
          Details
        </Link>
      </td>
    </tr>
  );
}

function OrdersTable({ orders }: { orders: readonly Order[] }) {
  if (orders.length === 0) return <p className="text-muted">There are no orders yet.</p>;
  return (
    <ScrollRegion label="Orders">
      <table className="w-full min-w-[48rem] border-collapse">
        <thead className="border-b border-line">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className={headCell}>
                {heading}
              </th>
            ))}
            <th scope="col" className={headCell}>
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Every order in the shop, newest first, for the admin to dispatch and deliver. */
export function OrderListPage() {
  const { data: orders, isPending, error } = useOrders();
  return (
    <>
      <title>{`Orders | ${SHOP_NAME}`}</title>
      <PageHeading>Orders</PageHeading>
      {isPending ? (
        <TableLoading label="Loading orders…" />
      ) : error ? (
        <ErrorBox error={error} />
      ) : (
        <OrdersTable orders={orders} />
      )}
    </>
  );
}
