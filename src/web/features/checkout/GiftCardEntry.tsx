import { useId, useRef, useState } from 'react';
import { GIFT_CARDS_PER_ORDER, lastFourOf } from '../../../shared/gift-cards/gift-cards';
import { formatPence, poundsToPence } from '../../../shared/money';
import type { GiftCardRefusal } from '../../state/basket-store';
import { textLinkClass } from '../../ui/Button';
import { CodeBox } from './CodeBox';
import { giftCardPaymentTerm } from '../../ui/gift-card-words';

/** A card applied, and what it pays of the order once the shop has said (null meanwhile). */
export interface AppliedGiftCard {
  code: string;
  pays: number | null;
}

interface GiftCardEntryProps {
  applied: readonly AppliedGiftCard[];
  /** The shop's last refusal of a card, told under the field. */
  refusal: GiftCardRefusal | null;
  /** Why a code could not be checked at all (no connection, applied twice), told in the same place. */
  failure: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: (code: string) => void;
}

/** One card applied: its last 4, what it pays, and the way to take it off. */
function AppliedCard({ card, onRemove }: { card: AppliedGiftCard; onRemove: () => void }) {
  const last4 = lastFourOf(card.code);
  const term = giftCardPaymentTerm(last4);
  return (
    <li className="flex items-center justify-between gap-3">
      <p className="min-w-0 text-sm">
        {term}
        {card.pays !== null && (
          <span className="font-serif whitespace-nowrap tabular-nums">
            {` −${formatPence(poundsToPence(card.pays))}`}
          </span>
        )}
      </p>
      <button
        type="button"
        className={`${textLinkClass} min-h-11 shrink-0 text-sm`}
        aria-label={`Remove gift card ending ${last4}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}

/**
 * A gift card code box beside the voucher's, and the cards applied (up to 3), each with what it
 * pays. A refusal is said under the field in the shop's words, and the code stays in the box.
 */
export function GiftCardEntry({
  applied,
  refusal,
  failure,
  checking,
  onApply,
  onRemove,
}: GiftCardEntryProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [toldRefusal, setToldRefusal] = useState(refusal);
  if (refusal !== toldRefusal) {
    setToldRefusal(refusal);
    if (refusal?.code) setCode(refusal.code);
  }
  const [appliedBefore, setAppliedBefore] = useState(applied.length);
  if (applied.length !== appliedBefore) {
    setAppliedBefore(applied.length);
    // A card just applied leaves the box for the next.
    if (applied.length > appliedBefore) setCode('');
  }
  const message = failure ?? refusal?.message;
  const full = applied.length >= GIFT_CARDS_PER_ORDER;

  return (
    <CodeBox
      id={id}
      name="Gift card"
      label="Gift card code"
      // Not "Apply", which names the voucher's button: one name, one button.
      action="Use card"
      maxLength={64}
      code={code}
      onCode={setCode}
      inputRef={input}
      message={message}
      checking={checking}
      full={full}
      hint={{
        id: `${id}-hint`,
        text: `An order can be paid with up to ${String(GIFT_CARDS_PER_ORDER)} gift cards.`,
        shown: full,
      }}
      onApply={onApply}
    >
      {applied.length > 0 && (
        <ul aria-label="Gift cards applied" className="flex flex-col">
          {applied.map((card) => (
            <AppliedCard
              key={card.code}
              card={card}
              onRemove={() => {
                onRemove(card.code);
                // The button goes with the card: the focus moves to the box, not to the page.
                input.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </CodeBox>
  );
}
