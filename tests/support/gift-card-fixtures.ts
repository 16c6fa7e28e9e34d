import { findUserById, insertUser } from '../../src/server/accounts/users.repository';
import type { ShopDatabase } from '../../src/server/db/database';
import type { Db } from '../../src/server/db/schema';
import {
  issueGiftCards,
  type GiftCardToIssue,
  type IssuedGiftCard,
} from '../../src/server/gift-cards/gift-cards.service';
import { addStoredOrder } from './order-fixtures';

/** The buyer of the cards a test issues, unless it says otherwise. */
export const BUYER = { id: 'buyer-of-cards', name: 'Ann Buyer', email: 'ann.buyer@example.com' };

/** One card an order buys: £50 for Bea, sent on the day given (today unless told). */
export const cardFor = (fields: Partial<GiftCardToIssue> = {}): GiftCardToIssue => ({
  amountPence: 5000,
  recipientName: 'Bea Recipient',
  recipientEmail: 'bea.recipient@example.com',
  message: 'Happy birthday!\nLove, Ann',
  sendOn: '2026-01-01',
  ...fields,
});

/** The buyer's account, made the first time it buys. */
async function ensureBuyer(db: Db, buyer: typeof BUYER): Promise<void> {
  if (await findUserById(db, buyer.id)) return;
  await insertUser(db, { ...buyer, passwordHash: 'not-a-hash', role: 'customer' });
}

/**
 * Gift cards an order bought and paid for at `now`, made as the checkout makes them: through
 * `issueGiftCards`, in one transaction with nothing else. Answers the order and the cards, with
 * their whole codes.
 */
export async function issueCards(
  { db }: ShopDatabase,
  cards: GiftCardToIssue[],
  {
    now = new Date(),
    months = 24,
    buyer = BUYER,
  }: { now?: Date; months?: number; buyer?: typeof BUYER } = {},
): Promise<{ order: { id: string; orderNumber: string }; cards: IssuedGiftCard[] }> {
  await ensureBuyer(db, buyer);
  const total = cards.reduce((sum, card) => sum + card.amountPence, 0);
  const order = await addStoredOrder(db, buyer, { paidAt: now.toISOString(), totalPence: total });
  const issued = await db
    .transaction()
    .execute((trx) => issueGiftCards(trx, { orderId: order.id, buyer, cards, months, now }));
  return { order, cards: issued };
}

/** A gift card's whole code as its mail writes it: `ABCD-EFGH-JKLM-NPQR`. */
const MAILED_CODE = /\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/;

/** A gift card's mail as the shop's outbox holds it: its words, and when it is due to go. */
export interface QueuedGiftCardMail {
  code: string;
  text: string;
  dueAt: Date;
}

/**
 * The mail the shop keeps for `to` of the card ending `last4`, as its outbox holds it: waiting for
 * 8:00 UK time on the card's day, or sent already. Read from the outbox's table, so that a test
 * sees the mail whatever the time of day it runs at (a card sent "today" before 8:00 waits).
 */
export async function giftCardMailTo(
  db: Db,
  to: string,
  last4: string,
): Promise<QueuedGiftCardMail> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['text_body', 'next_attempt_at', 'sent_at'])
    .where('recipient', '=', to)
    .execute();
  for (const row of rows) {
    const code = MAILED_CODE.exec(row.text_body)?.[1];
    if (code?.endsWith(last4)) {
      const due = row.sent_at ?? row.next_attempt_at;
      return { code, text: row.text_body, dueAt: new Date(due) };
    }
  }
  throw new Error(`the shop keeps no mail to ${to} of the gift card ending ${last4}`);
}
