import { ADMIN_PAGE_SIZE } from '../../shared/api';
import {
  normaliseGiftCardCode,
  type AdminGiftCard,
  type AdminGiftCardDetail,
  type GiftCardPage,
  type GiftCardQuery,
  type GiftCardStatus,
} from '../../shared/gift-cards/gift-cards';
import { ORDER_NUMBER_ALPHABET } from '../../shared/orders/order-number-alphabet';
import { penceToPounds } from '../../shared/money';
import type { Actor } from '../audit/audit-log';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import { giftCardCodeHash } from './gift-card-codes';
import {
  findGiftCard,
  giftCardHistory,
  listGiftCards,
  orderNumberOf,
  type GiftCardSearch,
  type StoredGiftCard,
} from './gift-cards.repository';
import {
  resendGiftCard,
  voidGiftCard,
  type GiftCardMailing,
  type VoidRefund,
} from './gift-cards.service';

/**
 * How a voided card's unspent balance goes back to its buyer: through a refund of the order that
 * bought it, recorded in the void's transaction, and sent once that is kept.
 */
export interface BuyerRefunds {
  /** Records the refund; answers what it recorded (0 when the order has nothing left to refund). */
  record(
    trx: Db,
    refund: VoidRefund & { last4: string },
    admin: Actor,
  ): Promise<{ amountPence: number; send: () => Promise<void> }>;
}

/** What the back office's calls need: the database, the outbox with the shop's words, refunds. */
export interface GiftCardsContext {
  database: ShopDatabase;
  mailing: GiftCardMailing;
  refunds: BuyerRefunds;
}

/** A card's state at `now`: voided, expired, spent (nothing left), or active. */
export function statusOf(card: StoredGiftCard, now: Date): GiftCardStatus {
  if (card.status === 'voided') return 'voided';
  if (Date.parse(card.expiresAt) <= now.getTime()) return 'expired';
  if (card.balancePence === 0) return 'spent';
  return 'active';
}

function presentAdminGiftCard(card: StoredGiftCard, now: Date): AdminGiftCard {
  return {
    _id: card.id,
    last4: card.last4,
    amount: penceToPounds(card.amountPence),
    balance: penceToPounds(card.balancePence),
    expires: card.expiresAt,
    buyer: card.buyer,
    recipient: card.recipient,
    sendOn: card.sendOn,
    status: statusOf(card, now),
  };
}

const LAST_FOUR = new RegExp(`^[${ORDER_NUMBER_ALPHABET}]{4}$`);

/** What the words typed in the search box look for: always names and emails; last 4; a code. */
function searchOf(q: string | undefined): GiftCardSearch {
  if (q === undefined || q === '') return {};
  const upper = q.toUpperCase();
  const code = normaliseGiftCardCode(q);
  return {
    words: q,
    ...(LAST_FOUR.test(upper) ? { last4: upper } : {}),
    ...(code === undefined ? {} : { codeHash: giftCardCodeHash(code) }),
  };
}

/** A page of the cards, newest first, 20 a page, found by last 4, name or email. */
export async function listAdminGiftCards(
  { db }: ShopDatabase,
  { q, pageNumber }: GiftCardQuery,
  now: Date,
): Promise<GiftCardPage> {
  const { giftCards, total } = await listGiftCards(db, searchOf(q), {
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  return {
    giftCards: giftCards.map((card) => presentAdminGiftCard(card, now)),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

const noSuchCard = () => new ShopError('GIFT_CARD_NOT_FOUND', 'There is no such gift card');

async function detailOf(db: Db, id: string, now: Date): Promise<AdminGiftCardDetail> {
  const card = await findGiftCard(db, id);
  if (!card) throw noSuchCard();
  const [history, order] = [await giftCardHistory(db, id), await orderNumberOf(db, card.orderId)];
  return {
    ...presentAdminGiftCard(card, now),
    message: card.message,
    order,
    mailedAt: card.mailedAt,
    history: history.map((entry) => ({
      type: entry.type,
      amount: penceToPounds(entry.amountPence),
      at: entry.at,
      order: entry.orderNumber,
      by: entry.by,
    })),
  };
}

/** One card with its history, oldest first. */
export function getAdminGiftCard(
  { db }: ShopDatabase,
  id: string,
  now: Date,
): Promise<AdminGiftCardDetail> {
  return detailOf(db, id, now);
}

/**
 * Voids a card and refunds its unspent balance to its buyer through the order that bought it, in
 * one transaction with its entry and audit (the void and the refund are kept together or not at
 * all); the refund is then sent. Answers the card as it is now and what was refunded, in pounds.
 */
export async function voidAdminGiftCard(
  { database: { db }, refunds }: GiftCardsContext,
  admin: Actor,
  id: string,
  now: Date,
): Promise<{ giftCard: AdminGiftCardDetail; refund: number }> {
  const voided = await db.transaction().execute(async (trx) => {
    const { card, refund } = await voidGiftCard(trx, admin, id, now);
    return refunds.record(trx, { ...refund, last4: card.last4 }, admin);
  });
  await voided.send();
  return {
    giftCard: await detailOf(db, id, now),
    refund: penceToPounds(voided.amountPence),
  };
}

/** Sends a card's mail again, in one transaction with its entry and audit; answers the card. */
export async function resendAdminGiftCard(
  { database, mailing }: GiftCardsContext,
  admin: Actor,
  id: string,
  now: Date,
): Promise<AdminGiftCardDetail> {
  const card = await database.db.transaction().execute(async (trx) => {
    await resendGiftCard(trx, mailing, admin, id, now);
    return detailOf(trx, id, now);
  });
  mailing.mailer.deliverDue();
  return card;
}
