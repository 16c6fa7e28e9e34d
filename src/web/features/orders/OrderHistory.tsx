import { formatLongDate } from '../../../shared/dates';
import type { OrderEventType } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';

const EVENT_WORDS: Record<OrderEventType, string> = {
  placed: 'Placed and paid',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  refunded: 'Refunded',
  refund_failed: 'Refund refused by the payment provider',
  tracking_corrected: 'Tracking corrected',
  claimed: 'Added to the customer’s account',
  account_closed:
    'The buyer closed their account: their details are kept until this order is settled',
  buyer_forgotten: 'The buyer’s details removed, as their account is closed',
  return_closed: 'Return closed',
  exchanged: 'Replacement sent',
  note: 'Note',
};

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

type OrderEvent = NonNullable<Order['events']>[number];

function When({ at }: { at: string }) {
  return (
    <time dateTime={at}>
      {formatLongDate(at)}, {time.format(new Date(at))}
    </time>
  );
}

/** A note reads as someone's words, set apart from the moves by a bar and its opening words. */
function Note({ event }: { event: OrderEvent }) {
  return (
    <li className="rounded-shop border-l-4 border-accent bg-accent-soft/60 px-4 py-2">
      <p className="wrap-anywhere">
        <span className="font-medium">Note by {event.by}:</span>{' '}
        <span className="whitespace-pre-line">{event.text}</span>
      </p>
      <p className="text-sm text-muted">
        <When at={event.at} />
      </p>
    </li>
  );
}

function Move({ event }: { event: OrderEvent }) {
  return (
    <li className="rounded-shop border border-line px-4 py-2">
      <p className="font-medium">{EVENT_WORDS[event.type]}</p>
      <p className="text-sm text-muted">
        <When at={event.at} /> by {event.by}
      </p>
      {event.detail && <p className="text-sm wrap-anywhere">{event.detail}</p>}
      {event.text && <p className="whitespace-pre-line wrap-anywhere">{event.text}</p>}
    </li>
  );
}

/** Every move of the order, who made it and when, with staff's notes: for the back office. */
export function OrderHistory({ events }: { events: readonly OrderEvent[] }) {
  return (
    <section aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="mb-3 text-xl">
        Order history
      </h2>
      <ol className="flex flex-col gap-2">
        {events.map((event, index) =>
          event.type === 'note' ? (
            <Note key={`${event.at}-${String(index)}`} event={event} />
          ) : (
            <Move key={`${event.at}-${String(index)}`} event={event} />
          ),
        )}
      </ol>
    </section>
  );
}
