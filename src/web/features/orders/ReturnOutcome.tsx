import { formatLongDate } from '../../../shared/dates';
import type { Order } from '../../../shared/orders/orders';
import { RETURN_OUTCOME_CHOICES } from './return-words';

/** How staff ended the customer's return, in the words they chose it by, with its note. */
export function ClosedReturn({ closed }: { closed: NonNullable<Order['returnClosed']> }) {
  return (
    <div className="mt-3">
      <p>
        <span className="font-medium">Return closed: {RETURN_OUTCOME_CHOICES[closed.outcome]}</span>{' '}
        <span className="text-muted">
          on <time dateTime={closed.closedAt}>{formatLongDate(closed.closedAt)}</time>
        </span>
      </p>
      {closed.note && <p className="whitespace-pre-line wrap-anywhere">{closed.note}</p>}
    </div>
  );
}
