import { sql } from 'kysely';
import type { OrderStatus } from '../../shared/orders/order-status';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import { orderWords } from './order-words';
import { findOrders } from './orders.repository';
import { addOrderWords } from './order-writes.repository';

/** How an order stands, as much as closing its buyer's account needs to know. */
export interface OrderStanding {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  deliveredAt: string | null;
}

/** Every order of one customer, with how each stands. */
export async function orderStandingsOf(db: Db, userId: string): Promise<OrderStanding[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'delivered_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    deliveredAt: row.delivered_at === null ? null : toIsoString(row.delivered_at),
  }));
}

/**
 * Takes a person out of these orders: the name, email, street, second line, phone, the payer's
 * email, the notes, a gift's message and the postcode's second half go; what was sold, the
 * figures, VAT, dates, town and the postcode's district stay, as the tax records need them. Their
 * name in the orders' history goes too (`theirNames`: as the history wrote it), and the words the
 * orders are found by are made again from what is left. An order kept for a closed account is
 * kept no longer.
 */
export async function forgetBuyerOnOrders(
  db: Db,
  ids: readonly string[],
  { shownAs, theirNames }: { shownAs: string; theirNames: readonly string[] },
): Promise<void> {
  if (ids.length === 0) return;
  const compactPostcode = sql<string>`replace(postal_code, ' ', '')`;
  await db
    .updateTable('orders')
    .set({
      user_name: shownAs,
      user_email: '',
      recipient_name: '',
      address: '',
      line2: '',
      phone: '',
      payer_email: '',
      notes: '',
      postal_code: sql<string>`substr(${compactPostcode}, 1, length(${compactPostcode}) - 3)`,
      gift_message: sql<string | null>`case when gift_message is null then null else '' end`,
      closed_account_at: null,
    })
    .where('id', 'in', ids)
    .execute();
  const names = theirNames.filter((name) => name !== '');
  if (names.length > 0) {
    await db
      .updateTable('order_events')
      .set({ by_name: shownAs })
      .where('order_id', 'in', ids)
      .where('by_name', 'in', names)
      .execute();
  }
  await db.deleteFrom('order_words').where('order_id', 'in', ids).execute();
  for (const order of await findOrders(db, ids)) {
    await addOrderWords(db, order.id, orderWords(order));
  }
}

/** Marks orders as kept whole for a buyer who closed their account at `at`, until settled. */
export async function keepForClosedAccount(
  db: Db,
  ids: readonly string[],
  at: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('orders').set({ closed_account_at: at }).where('id', 'in', ids).execute();
}

/** An order kept for a closed account that is now settled, with the names its history used. */
export interface SettledKeptOrder {
  id: string;
  userName: string;
  userEmail: string;
}

/**
 * Orders kept for closed accounts that are now settled: cancelled, refunded, or delivered before
 * `deliveredBefore` (their return window over). Found along orders_closed_account_idx, which
 * holds only orders so kept.
 */
export async function settledKeptOrders(
  db: Db,
  { deliveredBefore, limit }: { deliveredBefore: string; limit: number },
): Promise<SettledKeptOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'user_name', 'user_email'])
    .where('closed_account_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['cancelled', 'refunded']),
        eb.and([eb('status', '=', 'delivered'), eb('delivered_at', '<', deliveredBefore)]),
      ]),
    )
    .orderBy('closed_account_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, userName: row.user_name, userEmail: row.user_email }));
}

/**
 * Takes one order off the list of those kept for a closed account, on the condition that it is
 * still on it: of several instances forgetting it at once, one does. True for that one.
 */
export async function releaseKeptOrder(db: Db, id: string): Promise<boolean> {
  const released = await db
    .updateTable('orders')
    .set({ closed_account_at: null })
    .where('id', '=', id)
    .where('closed_account_at', 'is not', null)
    .executeTakeFirst();
  return released.numUpdatedRows === 1n;
}
