import { RETURN_KIND_WORDS } from '../../../shared/orders/order-status';
import { shortDay } from '../../../shared/delivery/delivery';
import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { formatPence, poundsToPence } from '../../../shared/money';
import type { Desk, OrderToDispatch, ReturnRequested } from '../../../shared/desk/desk';
import { textLinkClass } from '../../ui/Button';
import { Price } from '../../ui/Price';
import { AdminTable, cell } from '../../back-office/admin-table';
import { DeskSection, Empty } from '../../back-office/desk-section';

/** An order by the number people read out, linked by its id. */
function OrderLink({ order }: { order: { _id: string; orderNumber: string } }) {
  return (
    <Link
      to={`/admin/order/${encodeURIComponent(order._id)}`}
      className={`${textLinkClass} font-mono text-sm whitespace-nowrap`}
    >
      {order.orderNumber}
    </Link>
  );
}

/** The buyer, and a gift's recipient as "to" when someone else: `George Lamb, to Helen Lamb`. */
function buyerAndRecipient({
  customer,
  recipient,
}: Pick<OrderToDispatch, 'customer' | 'recipient'>) {
  return recipient && recipient !== customer.name
    ? `${customer.name}, to ${recipient}`
    : customer.name;
}

/** The buyer with their email, and a gift's recipient. */
function Customer({ order }: { order: Pick<OrderToDispatch, 'customer' | 'recipient'> }) {
  const { customer } = order;
  return (
    <>
      <span className="block wrap-anywhere">{buyerAndRecipient(order)}</span>
      <span className="block text-sm wrap-anywhere text-muted">{customer.email}</span>
    </>
  );
}

const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

const days = (count: number) => `${count} working ${count === 1 ? 'day' : 'days'}`;

/** Marks an order past the day it should have gone out by: a word, not a colour alone. */
function LateBadge() {
  return (
    <span className="ml-2 inline-block rounded-shop bg-error/10 px-2 py-0.5 text-xs font-medium text-error">
      Late
    </span>
  );
}

/** How it goes and the day it should go by: `Special Delivery Guaranteed by 1pm, by Mon 30 Nov`. */
function ServiceLine({ order }: { order: OrderToDispatch }) {
  if (order.service === undefined) return null;
  const by =
    order.dispatchBy === null
      ? ''
      : `, ${order.collect ? 'ready' : 'out'} by ${shortDay(order.dispatchBy)}`;
  return <span className="block text-sm text-muted">{`${order.service}${by}`}</span>;
}

function DispatchRow({ order }: { order: OrderToDispatch }) {
  return (
    <tr className={order.late ? 'bg-error/5' : undefined}>
      <td className={cell}>
        <OrderLink order={order} />
        <ServiceLine order={order} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {days(order.workingDaysWaiting)}
        {order.late && <LateBadge />}
      </td>
      <td className={cell}>
        <Customer order={order} />
      </td>
      <td className={cell}>{itemCount(order.items)}</td>
      <td className={cell}>
        <Price pounds={order.totalPrice} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
      </td>
    </tr>
  );
}

// How long each has waited comes first: on a phone it is in view without scrolling.
const DISPATCH_HEADINGS = ['Order', 'Waiting', 'Customer', 'Items', 'Total', 'Placed'] as const;

/** Every paid order not yet sent, the longest waiting first (the server's order). */
export function ToDispatch({ orders }: { orders: Desk['toDispatch'] }) {
  const late = orders.filter((order) => order.late).length;
  return (
    <DeskSection id="desk-dispatch" title="To dispatch" count={orders.length}>
      {orders.length === 0 ? (
        <Empty>Nothing waits to be dispatched.</Empty>
      ) : (
        <>
          {late > 0 && (
            <p className="font-medium text-error">
              {late === 1 ? '1 order is late.' : `${late} orders are late.`}
            </p>
          )}
          <AdminTable
            label="Orders to dispatch"
            minWidth="min-w-[48rem]"
            headings={DISPATCH_HEADINGS}
          >
            {orders.map((order) => (
              <DispatchRow key={order._id} order={order} />
            ))}
          </AdminTable>
        </>
      )}
    </DeskSection>
  );
}

function ReturnItem({ request }: { request: ReturnRequested }) {
  return (
    <li className="flex flex-col gap-1 py-3">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <OrderLink order={request} />
        <span className="wrap-anywhere">{buyerAndRecipient(request)}</span>
        <time dateTime={request.requestedAt} className="text-sm text-muted">
          asked on {formatLongDate(request.requestedAt)}
        </time>
      </p>
      <p className="wrap-anywhere">
        <strong className="font-medium">{RETURN_KIND_WORDS[request.kind]}:</strong> {request.reason}
      </p>
    </li>
  );
}

/** Delivered orders whose customers asked to send them back. */
export function ReturnsRequested({ requests }: { requests: Desk['returnsRequested'] }) {
  return (
    <DeskSection id="desk-returns" title="Returns requested" count={requests.length}>
      {requests.length === 0 ? (
        <Empty>No customer has asked to send anything back.</Empty>
      ) : (
        <ul aria-label="Returns requested" className="divide-y divide-line">
          {requests.map((request) => (
            <ReturnItem key={request._id} request={request} />
          ))}
        </ul>
      )}
    </DeskSection>
  );
}

/** Refunds the payment provider refused: how many and how much, and where to try them again. */
export function FailedRefunds(props: { refunds: Desk['failedRefunds']; owner: boolean }) {
  const { refunds, owner } = props;
  const count = refunds.length;
  const owed = refunds.reduce((sum, refund) => sum + poundsToPence(refund.amount), 0);
  return (
    <DeskSection id="desk-refunds" title="Failed refunds" count={count}>
      {count === 0 ? (
        <Empty>Every refund has gone through.</Empty>
      ) : (
        <>
          <p>
            {count === 1 ? '1 refund' : `${count} refunds`}, {formatPence(owed)} in all, still owed
            to customers.
          </p>
          {owner ? (
            <p>
              <Link to="/admin/refunds" className={textLinkClass}>
                Try the failed refunds again
              </Link>
            </p>
          ) : (
            <p className="text-muted">The shop&rsquo;s owner tries these again.</p>
          )}
        </>
      )}
    </DeskSection>
  );
}
