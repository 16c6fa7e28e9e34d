import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { GiftCardEntryType } from '../../shared/gift-cards/gift-cards';
import type { Database, Db } from '../db/schema';
import { newId } from '../sql/ids';
import { alongRead, countRows, readPage } from '../sql/page-read';
import { holds } from '../sql/text-match';
import { toIsoString } from '../sql/timestamps';
import type { GiftCardsTable } from './gift-cards.tables';

/** A person a card is bought by or sent to. */
export interface GiftCardPerson {
  name: string;
  email: string;
}

/** A gift card as the shop keeps it: never its code, only the code's hash and last 4. */
export interface StoredGiftCard {
  id: string;
  last4: string;
  amountPence: number;
  balancePence: number;
  /** ISO 8601: the instant it stops working. */
  expiresAt: string;
  status: 'active' | 'voided';
  orderId: string;
  orderItemId: string | null;
  buyer: GiftCardPerson;
  recipient: GiftCardPerson;
  message: string;
  sendOn: string;
  mailedAt: string | null;
  mailId: string | null;
  createdAt: string;
}

/** A card to be written, with the hash of its code. */
export type NewGiftCard = Omit<StoredGiftCard, 'mailedAt' | 'mailId'> & { codeHash: string };

/** A movement of a card's balance (signed pence), or a mail of it (0). */
export interface NewGiftCardEntry {
  giftCardId: string;
  type: GiftCardEntryType;
  amountPence: number;
  orderId: string | null;
  by: string;
  at: string;
  /** The card's place among those the order was paid with; 0 otherwise. */
  position?: number;
}

/** An entry of a card's history, with the number of the order it moved with, if still kept. */
export interface GiftCardHistoryEntry {
  type: GiftCardEntryType;
  amountPence: number;
  at: string;
  orderNumber: string | null;
  by: string;
}

/** A card's spends and refunds for one order. */
export interface GiftCardOrderMovement {
  giftCardId: string;
  type: 'spent' | 'refunded';
  amountPence: number;
  at: string;
  position: number;
}

function toStoredGiftCard(row: Selectable<GiftCardsTable>): StoredGiftCard {
  return {
    id: row.id,
    last4: row.last4,
    amountPence: row.amount_pence,
    balancePence: row.balance_pence,
    expiresAt: toIsoString(row.expires_at),
    status: row.status,
    orderId: row.order_id,
    orderItemId: row.order_item_id,
    buyer: { name: row.buyer_name, email: row.buyer_email },
    recipient: { name: row.recipient_name, email: row.recipient_email },
    message: row.message,
    sendOn: row.send_on,
    mailedAt: row.mailed_at === null ? null : toIsoString(row.mailed_at),
    mailId: row.mail_id,
    createdAt: toIsoString(row.created_at),
  };
}

export async function insertGiftCards(db: Db, cards: readonly NewGiftCard[]): Promise<void> {
  if (cards.length === 0) return;
  await db
    .insertInto('gift_cards')
    .values(
      cards.map((card) => ({
        id: card.id,
        code_hash: card.codeHash,
        last4: card.last4,
        amount_pence: card.amountPence,
        balance_pence: card.balancePence,
        expires_at: card.expiresAt,
        status: card.status,
        order_id: card.orderId,
        order_item_id: card.orderItemId,
        buyer_name: card.buyer.name,
        buyer_email: card.buyer.email,
        recipient_name: card.recipient.name,
        recipient_email: card.recipient.email,
        message: card.message,
        send_on: card.sendOn,
        mailed_at: null,
        mail_id: null,
        created_at: card.createdAt,
      })),
    )
    .execute();
}

export async function insertGiftCardEntries(
  db: Db,
  entries: readonly NewGiftCardEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('gift_card_entries')
    .values(
      entries.map((entry) => ({
        id: newId(),
        gift_card_id: entry.giftCardId,
        type: entry.type,
        amount_pence: entry.amountPence,
        order_id: entry.orderId,
        by_name: entry.by,
        at: entry.at,
        position: entry.position ?? 0,
      })),
    )
    .execute();
}

export async function findGiftCard(db: Db, id: string): Promise<StoredGiftCard | undefined> {
  const row = await db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toStoredGiftCard(row);
}

/** The cards whose codes have these hashes (each unique), in no particular order. */
export async function findGiftCardsByHash(
  db: Db,
  hashes: readonly string[],
): Promise<{ codeHash: string; card: StoredGiftCard }[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('gift_cards')
    .selectAll()
    .where('code_hash', 'in', hashes)
    .execute();
  return rows.map((row) => ({ codeHash: row.code_hash, card: toStoredGiftCard(row) }));
}

/** The cards an order bought, in the order they were written. */
export async function findGiftCardsOfOrder(db: Db, orderId: string): Promise<StoredGiftCard[]> {
  const rows = await db
    .selectFrom('gift_cards')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toStoredGiftCard);
}

/**
 * Takes `amountPence` off a card in one conditional update: only while it is active, has not
 * expired at `now` and has that much left. Answers whether it did; two spends at once each see the
 * balance the other left, so together they never take more than the card holds.
 */
export async function takeFromGiftCard(
  db: Db,
  { id, amountPence, now }: { id: string; amountPence: number; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance_pence: eb('balance_pence', '-', amountPence) }))
    .where('id', '=', id)
    .where('balance_pence', '>=', amountPence)
    .where('status', '=', 'active')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Puts `amountPence` back on a card, never more than it was bought for; not on a voided card.
 * Answers whether it did.
 */
export async function putBackOnGiftCard(
  db: Db,
  { id, amountPence }: { id: string; amountPence: number },
): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance_pence: eb('balance_pence', '+', amountPence) }))
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where((eb) => eb('balance_pence', '<=', eb('amount_pence', '-', amountPence)))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Voids an active card that holds `balancePence`: balance 0, status voided. Answers whether it
 * did; false when it was voided already, or its balance moved since it was read.
 */
export async function voidActiveGiftCard(
  db: Db,
  { id, balancePence }: { id: string; balancePence: number },
): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set({ status: 'voided', balance_pence: 0 })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('balance_pence', '=', balancePence)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Notes that a card's mail is queued, due at `mailedAt`, if it was not yet: answers whether this
 * call was the one (only the first of any number at once is).
 */
export async function markGiftCardMailed(
  db: Db,
  { id, mailedAt }: { id: string; mailedAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set({ mailed_at: mailedAt.toISOString() })
    .where('id', '=', id)
    .where('mailed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Keeps the outbox's id of a card's latest mail, and, when its code was made anew, the code's. */
export async function setGiftCardMail(
  db: Db,
  id: string,
  { mailId, code }: { mailId: string; code?: { hash: string; last4: string } },
): Promise<void> {
  await db
    .updateTable('gift_cards')
    .set({
      mail_id: mailId,
      ...(code ? { code_hash: code.hash, last4: code.last4 } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** What the cards an order was paid with moved for it: spends and refunds, oldest first. */
export async function giftCardMovementsOfOrder(
  db: Db,
  orderId: string,
): Promise<GiftCardOrderMovement[]> {
  const rows = await db
    .selectFrom('gift_card_entries')
    .select(['gift_card_id', 'type', 'amount_pence', 'at', 'position'])
    .where('order_id', '=', orderId)
    .where('type', 'in', ['spent', 'refunded'])
    .orderBy('at')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    giftCardId: row.gift_card_id,
    type: row.type === 'spent' ? 'spent' : 'refunded',
    amountPence: row.amount_pence,
    at: toIsoString(row.at),
    position: row.position,
  }));
}

/**
 * The voids of the cards these orders sold: each its order, the unspent balance voided (above 0)
 * and when. A void's entry is kept with the order that bought the card.
 */
export async function voidsOfCardsSoldBy(
  db: Db,
  orderIds: readonly string[],
): Promise<{ orderId: string; amountPence: number; at: string }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('gift_card_entries')
    .select(['order_id', 'amount_pence', 'at'])
    .where('type', '=', 'voided')
    .where('order_id', 'in', [...new Set(orderIds)])
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id ?? '',
    amountPence: -row.amount_pence,
    at: toIsoString(row.at),
  }));
}

/** A card's history, oldest first, with the numbers of the orders its entries moved with. */
export async function giftCardHistory(db: Db, giftCardId: string): Promise<GiftCardHistoryEntry[]> {
  const rows = await db
    .selectFrom('gift_card_entries as entry')
    .leftJoin('orders', 'orders.id', 'entry.order_id')
    .select([
      'entry.type',
      'entry.amount_pence',
      'entry.at',
      'entry.by_name',
      'entry.position',
      'orders.order_number',
    ])
    .where('entry.gift_card_id', '=', giftCardId)
    .orderBy('entry.at')
    // A card mailed the moment it is made reads as made first, then mailed.
    .orderBy(sql`case when entry.type = 'issued' then 0 else 1 end`)
    .orderBy('entry.position')
    .orderBy('entry.id')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    amountPence: row.amount_pence,
    at: toIsoString(row.at),
    orderNumber: row.order_number,
    by: row.by_name,
  }));
}

/** The number of an order, if it is still kept. */
export async function orderNumberOf(db: Db, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('order_number')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.order_number ?? null;
}

/** What the back office looks for: words of a name or email, a card's last 4, or a whole code. */
export interface GiftCardSearch {
  words?: string;
  last4?: string;
  codeHash?: string;
}

function matching(search: GiftCardSearch) {
  return (eb: ExpressionBuilder<Database, 'gift_cards'>) => {
    const { words, last4, codeHash } = search;
    if (words === undefined) return eb.lit(true);
    return eb.or([
      ...(last4 === undefined ? [] : [eb('last4', '=', last4)]),
      ...(codeHash === undefined ? [] : [eb('code_hash', '=', codeHash)]),
      holds('buyer_email', words),
      holds('recipient_email', words),
      holds('buyer_name', words),
      holds('recipient_name', words),
    ]);
  };
}

/**
 * The cards matching a search, newest first, with how many there are: words are looked for in
 * the buyer's and the recipient's names and emails (a scan of the cards, which are few beside the
 * orders); last 4 and a whole code are found by their indexes.
 */
export async function listGiftCards(
  db: Db,
  search: GiftCardSearch,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ giftCards: StoredGiftCard[]; total: number }> {
  const { rows, total } = await readPage(
    { offset, limit },
    () => countRows(db.selectFrom('gift_cards').where(matching(search))),
    (at) =>
      alongRead(db.selectFrom('gift_cards').selectAll().where(matching(search)), at, [
        ['created_at', 'desc'],
        ['id', 'asc'],
      ]).execute(),
  );
  return { giftCards: rows.map(toStoredGiftCard), total };
}
