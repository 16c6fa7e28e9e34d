import {
  issueGiftCards,
  queueGiftCardMail,
  spendGiftCards,
  type GiftCardToIssue,
} from '../../gift-cards/gift-cards.service';
import type { Db } from '../../db/schema';
import type { OrdersContext } from '../orders-context';
import type { OrderGiftCard } from '../../../shared/gift-cards/gift-cards';
import type { StoredGiftCardPayment } from '../orders.repository';
import type { BasketGiftCards } from './gift-card-payments';

// An order's gift cards, in its transaction: the cards it buys, made and queued to be mailed on
// their days, and the cards it is paid with, spent.

/** An order's line as its cards are made from it. */
interface CardLine {
  id?: string;
  qty: number;
  pricePence: number;
  giftCard?: OrderGiftCard | null;
}

/**
 * Makes a card for each gift card the order buys (one for each of a line's quantity), queues each
 * one's mail for its day, and answers the items with each card line's cards (their last 4).
 */
export async function makeOrderGiftCards<Line extends CardLine>(
  trx: Db,
  context: Pick<OrdersContext, 'mailer' | 'publicUrl' | 'trader' | 'giftCards'>,
  order: { id: string; buyer: { name: string; email: string }; items: Line[] },
  now: Date,
): Promise<Line[]> {
  const wanted = order.items.flatMap((item): GiftCardToIssue[] =>
    item.giftCard
      ? Array.from({ length: item.qty }, () => ({
          orderItemId: item.id ?? null,
          amountPence: item.pricePence,
          recipientName: item.giftCard?.recipientName ?? '',
          recipientEmail: item.giftCard?.recipientEmail ?? '',
          message: item.giftCard?.message ?? '',
          sendOn: item.giftCard?.sendOn ?? '',
        }))
      : [],
  );
  if (wanted.length === 0) return order.items;
  const issued = await issueGiftCards(trx, {
    orderId: order.id,
    buyer: order.buyer,
    cards: wanted,
    months: context.giftCards.months,
    now,
  });
  const mailing = { mailer: context.mailer, publicUrl: context.publicUrl, trader: context.trader };
  for (const card of issued) await queueGiftCardMail(trx, mailing, card, now);
  return order.items.map((item) =>
    item.giftCard
      ? {
          ...item,
          giftCard: {
            ...item.giftCard,
            cards: issued.filter((card) => card.orderItemId === item.id).map((card) => card.last4),
          },
        }
      : item,
  );
}

/**
 * Takes what the gift cards pay off them, exactly, for the order (409 GIFT_CARD_SPENT when
 * another order spent them meanwhile), and answers each card's part.
 */
export async function spendOrderGiftCards(
  trx: Db,
  order: { id: string; userName: string },
  giftCards: BasketGiftCards,
  now: Date,
): Promise<StoredGiftCardPayment[]> {
  if (giftCards.pence === 0) return [];
  const spends = await spendGiftCards(trx, {
    orderId: order.id,
    codes: giftCards.codes,
    amountPence: giftCards.pence,
    by: order.userName,
    now,
  });
  return spends.map(({ last4, amountPence }) => ({ last4, amountPence }));
}
