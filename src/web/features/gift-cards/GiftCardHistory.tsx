import { Link } from 'react-router';
import type { GiftCardEntry } from '../../../shared/gift-cards/gift-cards';
import { usePanels } from '../../state/panel-store';
import { textLinkClass } from '../../ui/Button';
import { orderListAddress } from '../../back-office/order-list-address';
import { ENTRY_WORDS, signedPounds, When } from './gift-card-words';

/** An order number, found in the order list by its number (the history knows no order's id). */
export function OrderLink({ number }: { number: string }) {
  const close = usePanels((state) => state.close);
  return (
    <Link
      to={orderListAddress({ q: number, status: '', from: '', to: '' })}
      className={textLinkClass}
      onClick={close}
    >
      {number}
    </Link>
  );
}

function Entry({ entry }: { entry: GiftCardEntry }) {
  return (
    <li className="rounded-shop border border-line px-4 py-2">
      <p className="flex flex-wrap justify-between gap-x-4 font-medium">
        <span>{ENTRY_WORDS[entry.type]}</span>
        {entry.type !== 'mailed' && (
          <span className="font-serif tabular-nums">{signedPounds(entry.amount)}</span>
        )}
      </p>
      <p className="text-sm text-muted">
        <When at={entry.at} /> by {entry.by}
      </p>
      {entry.order !== null && (
        <p className="text-sm">
          Order <OrderLink number={entry.order} />
        </p>
      )}
    </li>
  );
}

/** Every movement of a card's balance and every mail of it, oldest first. */
export function GiftCardHistory({ history }: { history: readonly GiftCardEntry[] }) {
  return (
    <section aria-labelledby="gift-card-history-heading">
      <h3 id="gift-card-history-heading" className="mb-3 text-lg">
        History
      </h3>
      {history.length === 0 ? (
        <p className="text-muted">Nothing has happened to this card yet.</p>
      ) : (
        <ol aria-labelledby="gift-card-history-heading" className="flex flex-col gap-2">
          {history.map((entry, index) => (
            <Entry key={`${entry.at}-${String(index)}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
