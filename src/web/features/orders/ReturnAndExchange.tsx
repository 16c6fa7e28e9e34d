import { Link } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import type { ReturnOutcome } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import { useOtherOrder } from '../../api/orders';
import { textLinkClass } from '../../ui/Button';
import type { OrderPageContext } from './order-context';

/** How the shop ended a return, as the customer reads it after "Your return is closed:". */
const OUTCOME_WORDS: Record<ReturnOutcome, string> = {
  refunded: 'we have refunded you for what came back.',
  exchanged: 'we are sending you a replacement at no charge.',
  rejected: 'we could not accept it.',
};

/** The return the shop has ended: how, when, and the shop's note to the customer. */
export function ReturnClosed({ closed }: { closed: NonNullable<Order['returnClosed']> }) {
  return (
    <div className="mt-3 flex flex-col gap-1">
      <p>
        Your return is closed: {OUTCOME_WORDS[closed.outcome]}{' '}
        <span className="text-muted">
          (<time dateTime={closed.closedAt}>{formatLongDate(closed.closedAt)}</time>)
        </span>
      </p>
      {closed.note && (
        <p className="whitespace-pre-line wrap-anywhere">
          <span className="text-muted">Our note: </span>
          {closed.note}
        </p>
      )}
    </div>
  );
}

const ORDER_PATHS: Record<Exclude<OrderPageContext, 'guest'>, (id: string) => string> = {
  account: (id) => `/account/order/${encodeURIComponent(id)}`,
  admin: (id) => `/admin/order/${encodeURIComponent(id)}`,
};

/**
 * Another order named by its number and linked, where the viewer may open it; a guest's link
 * opens only its own order, so a guest is told where to find the other.
 */
function OtherOrder({
  id,
  context,
  unnamed,
}: {
  id: string;
  context: OrderPageContext;
  /** What to call it while its number is not known. */
  unnamed: string;
}) {
  const other = useOtherOrder(context === 'guest' ? undefined : id);
  if (context === 'guest') return <>{unnamed}</>;
  const number = other.data?.orderNumber;
  return (
    <Link to={ORDER_PATHS[context](id)} className={textLinkClass}>
      {number ? (
        <>
          order <span className="font-mono">{number}</span>
        </>
      ) : (
        unnamed
      )}
    </Link>
  );
}

/**
 * The replacement sent for what came back of this order, or the order this one replaces, each
 * linked to the other: in the back office as what was done, to the customer as what comes.
 */
export function ExchangeLinks({ order, context }: { order: Order; context: OrderPageContext }) {
  if (!order.exchangeFor && !order.exchangedBy) return null;
  return (
    <div className="mt-3 flex flex-col gap-1">
      {order.exchangeFor && (
        <p>
          A replacement for{' '}
          <OtherOrder id={order.exchangeFor} context={context} unnamed="your earlier order" />
          {context === 'admin' ? '' : ', sent at no charge.'}
        </p>
      )}
      {order.exchangedBy && (
        <p>
          {context === 'admin' ? 'Replacement sent:' : 'Replacement on its way:'}{' '}
          <OtherOrder
            id={order.exchangedBy}
            context={context}
            unnamed={context === 'guest' ? 'we have emailed you about it' : 'the new order'}
          />
        </p>
      )}
    </div>
  );
}
