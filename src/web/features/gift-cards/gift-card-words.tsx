import type { GiftCardEntryType, GiftCardStatus } from '../../../shared/gift-cards/gift-cards';
import { formatLongDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { ukDayStart } from '../../../shared/uk-time';

/** A card as the back office names it: by its last 4, as the whole code is never kept. */
export const cardName = (last4: string) => `•••• ${last4}`;

export const STATUS_WORDS: Record<GiftCardStatus, string> = {
  active: 'Active',
  spent: 'Spent',
  expired: 'Expired',
  voided: 'Voided',
};

// Words and a tint together, so that a state is never told by colour alone.
const STATUS_LOOK: Record<GiftCardStatus, string> = {
  active: 'bg-success/10 text-success',
  spent: 'bg-sand text-muted',
  expired: 'bg-warning/10 text-warning',
  voided: 'bg-error/10 text-error',
};

export function StatusBadge({ status }: { status: GiftCardStatus }) {
  return (
    <span
      className={`inline-block rounded-shop px-2 py-0.5 text-xs font-medium ${STATUS_LOOK[status]}`}
    >
      {STATUS_WORDS[status]}
    </span>
  );
}

/** Each entry of a card's history, in words. */
export const ENTRY_WORDS: Record<GiftCardEntryType, string> = {
  issued: 'Issued',
  spent: 'Spent',
  refunded: 'Refunded to the card',
  voided: 'Voided',
  mailed: 'Mailed to the recipient',
};

/** Pounds onto a card with a plus, off it with a minus sign: `+£25.00`, `−£10.00`. */
export const signedPounds = (pounds: number) =>
  pounds < 0 ? `\u2212${formatPounds(-pounds)}` : `+${formatPounds(pounds)}`;

/** A UK day (`2026-12-05`) as a UK reader says it: `5 December 2026`. */
export const dayWords = (day: string) => formatLongDate(ukDayStart(day));

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

/** A moment as the back office writes it: `5 December 2026, 08:00`, UK time. */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at}>
      {formatLongDate(at)}, {time.format(new Date(at))}
    </time>
  );
}
