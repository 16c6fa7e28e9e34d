import { penceToPounds, type Pence } from '../../../shared/money';
import type { GiftCardPayment } from '../../../shared/gift-cards/gift-cards';
import type { Db } from '../../db/schema';
import { giftCardShare, giftCardsFor } from '../../gift-cards/gift-cards.service';

// The gift cards a basket is paid with: what each pays of its total, after every discount.

/** What one card pays of an order. */
export interface BasketGiftCardPayment {
  giftCardId: string;
  last4: string;
  amountPence: Pence;
}

export interface BasketGiftCards {
  /** The codes as given, for the order to spend them by. */
  codes: readonly string[];
  /** What they pay together: all of the total, or all they hold. */
  pence: Pence;
  /** Each card's part, in the order given; a card with nothing left pays nothing. */
  payments: BasketGiftCardPayment[];
}

/**
 * What these codes' cards pay of `totalPence` at `at`: each in turn as much as it holds, until the
 * total is met. Refuses an unknown, expired or voided card as `giftCardsFor` does.
 */
export async function giftCardsPaying(
  db: Db,
  codes: readonly string[],
  totalPence: Pence,
  at: Date,
): Promise<BasketGiftCards> {
  if (codes.length === 0) return { codes, pence: 0, payments: [] };
  const cards = await giftCardsFor(db, codes, at);
  const pence = giftCardShare(cards, totalPence);
  let left = pence;
  const payments = cards.map((card) => {
    const amountPence = Math.min(card.balancePence, left);
    left -= amountPence;
    return { giftCardId: card.id, last4: card.last4, amountPence };
  });
  return { codes, pence, payments: payments.filter((payment) => payment.amountPence > 0) };
}

export const presentGiftCardPayment = (payment: {
  last4: string;
  amountPence: Pence;
}): GiftCardPayment => ({ last4: payment.last4, amount: penceToPounds(payment.amountPence) });
