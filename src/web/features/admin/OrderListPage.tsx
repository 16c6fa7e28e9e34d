import { Link, useParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { ORDER_STATUS_WORDS } from '../../../shared/order-status';
import type { Order } from '../../../shared/orders';
import { useOrders } from '../../api/orders';
import { textLinkClass } from '../../ui/Button';
import { DateOrCross } from '../../ui/DateOrCross';
import { pageFromParam } from '../../ui/Pagination';
import { Price } from '../../ui/Price';
import { AdminListPage, AdminPagination } from './admin-list-page';
import { AdminTable, cell } from './admin-table';

const HEADINGS = ['Order', 'User', 'Date', 'Total', 'Paid', 'Status'] as const;

function OrderRow({ order }: { order: Order }) {
  return (
    <tr>
      <td className={`${cell} font-mono text-sm whitespace-nowrap`}>{order.orderNumber}</td>
      <td className={`${cell} wrap-anywhere`}>{order.user.name}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
      </td>
      <td className={cell}>
        <Price pounds={order.totalPrice} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <DateOrCross date={order.isPaid ? order.paidAt : null} not="Not paid" />
      </td>
      <td className={cell}>{ORDER_STATUS_WORDS[order.status]}</td>
      <td className={cell}>
        <Link
          to={`/admin/order/${order._id}`}
          aria-label={`Details of order ${order.orderNumber}`}
          className={`${textLinkClass} inline-flex min-h-11 items-center`}
        >
          Details
        </Link>
      </td>
    </tr>
  );
}

/** Every order in the shop, newest first, for staff and the owner to dispatch and deliver. */
export function OrderListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useOrders(page);
  return (
    <AdminListPage
      heading="Orders"
      page={page}
      query={query}
      itemsOf={(data) => data.orders}
      loading="Loading orders…"
      empty={page === 1 ? 'There are no orders yet.' : 'There are no orders on this page.'}
      footer={<AdminPagination of={query.data} label="Order pages" path="/admin/orderlist" />}
    >
      {(orders) => (
        <AdminTable label="Orders" minWidth="min-w-[48rem]" headings={HEADINGS} actions="Details">
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
