import { formatLongDate } from '../../../shared/dates';
import type { OrderEventType } from '../../../shared/order-status';
import type { Order } from '../../../shared/orders';

const EVENT_WORDS: Record<OrderEventType, string> = {
  placed: 'Placed and paid',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  refunded: 'Refunded',
  refund_failed: 'Refund refused by the payment provider',
  tracking_corrected: 'Tracking corrected',
  note: 'Note',
};

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

/** Every move of the order, who made it and when, with staff's notes: for the back office. */
export function OrderHistory({ events }: { events: NonNullable<Order['events']> }) {
  return (
    <section aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="mb-3 text-xl">
        Order history
      </h2>
      <ol className="flex flex-col gap-2">
        {events.map((event, index) => (
          <li
            key={`${event.at}-${String(index)}`}
            className="rounded-shop border border-line px-4 py-2"
          >
            <p className="font-medium">{EVENT_WORDS[event.type]}</p>
            <p className="text-sm text-muted">
              <time dateTime={event.at}>
                {formatLongDate(event.at)}, {time.format(new Date(event.at))}
              </time>{' '}
              by {event.by}
            </p>
            {event.detail && <p className="text-sm wrap-anywhere">{event.detail}</p>}
            {event.text && <p className="whitespace-pre-line wrap-anywhere">{event.text}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
