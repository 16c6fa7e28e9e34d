import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { RETURN_OUTCOME_WORDS } from '../../../shared/order-status';
import type { Order } from '../../../shared/orders';
import { useOrder } from '../../api/orders';
import { textLinkClass } from '../../ui/Button';
import { RETURN_OUTCOME_CHOICES } from './return-words';

/**
 * How the shop ended the customer's return, with its note to them: in the words staff chose it by,
 * and to the customer in the words of the mail they were sent.
 */
export function ClosedReturn(props: {
  closed: NonNullable<Order['returnClosed']>;
  forStaff: boolean;
}) {
  const { closed, forStaff } = props;
  return (
    <div className="mt-3">
      <p>
        <span className="font-medium">
          {forStaff
            ? `Return closed: ${RETURN_OUTCOME_CHOICES[closed.outcome]}`
            : RETURN_OUTCOME_WORDS[closed.outcome]}
        </span>{' '}
        <span className="text-muted">
          on <time dateTime={closed.closedAt}>{formatLongDate(closed.closedAt)}</time>
        </span>
      </p>
      {closed.note && <p className="whitespace-pre-line wrap-anywhere">{closed.note}</p>}
    </div>
  );
}

/** Another order in the back office, by the number people read out once it has loaded. */
function OtherOrder({ id, fallback }: { id: string; fallback: string }) {
  const other = useOrder(id);
  return (
    <Link to={`/admin/order/${encodeURIComponent(id)}`} className={textLinkClass}>
      {other.data ? `order ${other.data.orderNumber}` : fallback}
    </Link>
  );
}

/** A replacement and the order it replaces, each linked to the other. */
export function ExchangeLinks({ order }: { order: Order }) {
  if (!order.exchangeFor && !order.exchangedBy) return null;
  return (
    <div className="mt-3 flex flex-col gap-1">
      {order.exchangeFor && (
        <p>
          A replacement for <OtherOrder id={order.exchangeFor} fallback="the first order" />
        </p>
      )}
      {order.exchangedBy && (
        <p>
          Replacement sent: <OtherOrder id={order.exchangedBy} fallback="the replacement order" />
        </p>
      )}
    </div>
  );
}
