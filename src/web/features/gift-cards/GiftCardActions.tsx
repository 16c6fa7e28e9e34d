import type { AdminGiftCardDetail } from '../../../shared/gift-cards/gift-cards';
import { formatPounds } from '../../../shared/money';
import { useResendGiftCard, useVoidGiftCard } from '../../api/admin-gift-cards';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { FormStatus } from '../../ui/FormField';
import { cardName } from './gift-card-words';

/** Asked before a card is voided, naming it, what it holds, and who gets that back. */
export const voidQuestion = (card: AdminGiftCardDetail) =>
  `Void the gift card ${cardName(card.last4)}? Its unspent balance of ` +
  `${formatPounds(card.balance)} goes back to the buyer, ${card.buyer.name}, and its code ` +
  'stops working at once. This cannot be undone.';

/** Said once the mail went again, and of a new code when the first mail was no longer kept. */
function resentWords(before: AdminGiftCardDetail, after: AdminGiftCardDetail) {
  const sent = `The gift card’s mail was sent again to ${after.recipient.email}`;
  return after.last4 === before.last4
    ? sent
    : `${sent}, with a new code ending ${after.last4}; the old code no longer works`;
}

const voidedWords = (card: AdminGiftCardDetail, refund: number) =>
  refund > 0
    ? `Gift card ${cardName(card.last4)} voided: ${formatPounds(refund)} goes back to ${card.buyer.name}`
    : `Gift card ${cardName(card.last4)} voided; nothing was left on it to give back`;

/**
 * Sending a card's mail again, and voiding it once the owner confirms. A voided card has
 * neither: its code works no more.
 */
export function GiftCardActions({ card }: { card: AdminGiftCardDetail }) {
  const resend = useResendGiftCard();
  const voiding = useVoidGiftCard();
  if (card.status === 'voided') {
    return (
      <p className="rounded-shop bg-error/5 px-4 py-3">
        This card is voided: its code no longer works, and its mail cannot be sent again.
      </p>
    );
  }
  const busy = resend.isPending || voiding.isPending;
  return (
    <section aria-label="What to do with this card" className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={busy}
          aria-describedby="gift-card-resend-hint"
          onClick={() =>
            resend.mutate(card._id, {
              onSuccess: (after) => showToast(resentWords(card, after)),
            })
          }
        >
          Resend the mail
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(voidQuestion(card))) return;
            voiding.mutate(card._id, {
              onSuccess: ({ giftCard, refund }) => showToast(voidedWords(giftCard, refund)),
            });
          }}
        >
          Void
        </Button>
      </div>
      <p id="gift-card-resend-hint" className="text-sm text-muted">
        Resending mails the card to {card.recipient.email} now, whatever its send day.
      </p>
      <FormStatus error={resend.error ?? voiding.error} />
    </section>
  );
}
