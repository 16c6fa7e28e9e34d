import { formatPence, type Pence } from '../../../shared/money';
import type { Db } from '../../db/schema';
import { ShopError } from '../../http/errors';
import { refundToGiftCards, type GiftCardSpend } from '../../gift-cards/gift-cards.service';
import { askedBackFrom, recordGiftCardRefund } from '../../payments/ledger.service';
import { recordRefund, type HeldRefund } from '../../payments/refunds.service';
import { closeWhenPaidBack, noteInHistory } from '../order-records';
import type { StoredOrder } from '../orders.repository';

// A refund of an order, shared out between the ways it was paid: PayPal first, up to what PayPal
// took, and the rest back onto the gift cards it was paid with.

/** Where a refund went: the provider's part, to ask it for, and what went back onto each card. */
export interface OrderRefund {
  /** The part for the provider, recorded and held by the caller; none when cards take it all. */
  provider: HeldRefund | undefined;
  /** What went back onto each gift card, at once. */
  giftCards: GiftCardSpend[];
}

/** `£5.00 back onto the gift card ending ABCD`: the words of a card's part. */
export const backOntoCards = (cards: readonly GiftCardSpend[]) =>
  cards
    .map((card) => `${formatPence(card.amountPence)} back onto the gift card ending ${card.last4}`)
    .join(', ');

/**
 * Records a refund of `amountPence` on the order, in the caller's transaction: PayPal's part, up
 * to what its capture took less what was asked back from it before (the provider is asked by the
 * caller); the rest put back onto the order's gift cards at once (each a ledger entry), written
 * down as a refund gone through and noted in the order's history. Refused when the cards cannot
 * take their part (one was cancelled since): nothing is recorded then.
 */
export async function recordOrderRefund(
  trx: Db,
  order: Pick<StoredOrder, 'id' | 'paymentId' | 'captureId' | 'totalPence' | 'giftCardPence'>,
  { amountPence, reason, by }: { amountPence: Pence; reason: string; by: string },
): Promise<OrderRefund> {
  const captured = order.totalPence - order.giftCardPence;
  const providerLeft = Math.max(
    0,
    captured - (await askedBackFrom(trx, order.id, order.captureId)),
  );
  const providerPence = Math.min(amountPence, providerLeft);
  const cardsPence = amountPence - providerPence;
  const giftCards =
    cardsPence > 0
      ? await refundToGiftCards(trx, { orderId: order.id, amountPence: cardsPence, by })
      : [];
  const backOnCards = giftCards.reduce((sum, card) => sum + card.amountPence, 0);
  if (backOnCards < cardsPence) {
    throw new ShopError(
      'REFUND_TOO_LARGE',
      `Only ${formatPence(providerPence + backOnCards)} of that can be refunded the ways this order was paid (a gift card it was paid with has been cancelled)`,
    );
  }
  if (backOnCards > 0) {
    await recordGiftCardRefund(trx, {
      orderId: order.id,
      amountPence: backOnCards,
      reason,
      createdBy: by,
    });
    await noteInHistory(trx, order.id, {
      type: 'refunded',
      by,
      detail: `${backOntoCards(giftCards)}: ${reason}`,
    });
    await closeWhenPaidBack(trx, order);
  }
  const provider =
    providerPence > 0
      ? await recordRefund(trx, {
          paymentId: order.paymentId,
          captureId: order.captureId,
          orderId: order.id,
          amountPence: providerPence,
          reason,
          createdBy: by,
        })
      : undefined;
  return { provider, giftCards };
}
