import { sql } from 'kysely';
import type { OrderDelivery } from '../../shared/delivery/delivery';
import type { OrderStatus, ReturnKind } from '../../shared/orders/order-status';
import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { dayByDay } from '../sql/day-buckets';
import { toIsoString } from '../sql/timestamps';
import { deliveryOf, isoOrNull, withItems, type StoredOrder } from './orders.repository';

// What the owner's desk and the tracking import read: the queues of work and the money taken each
// day, as only the columns and sums they show.

/** A paid order waiting to be sent, as the desk lists it. */
export interface OrderToDispatch {
  id: string;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  userName: string;
  userEmail: string;
  /** A gift's recipient, whom it is sent to; null when it is not a gift. */
  recipientName: string | null;
  totalPence: Pence;
  /** How many items it holds: the sum of its lines' quantities. */
  itemCount: number;
  /** The service it was sold with; null for an order from before services. */
  delivery: OrderDelivery | null;
  /** The UK day it should go out by; null for an order from before. */
  dispatchBy: string | null;
}

/**
 * Paid orders not yet dispatched, oldest first, at most `limit`: read in order from
 * orders_status_created_idx (status, created_at, id), so the read stops at the limit; each
 * order's items are summed through order_items_order_idx.
 */
export async function ordersToDispatch(db: Db, limit: number): Promise<OrderToDispatch[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created_at',
      'paid_at',
      'user_name',
      'user_email',
      'recipient_name',
      'gift_message',
      'total_pence',
      'delivery',
      'dispatch_by',
    ])
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select((items) => items.fn.sum<number | string | null>('order_items.qty').as('qty'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('item_count'),
    )
    .where('status', '=', 'paid')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    createdAt: toIsoString(row.created_at),
    paidAt: isoOrNull(row.paid_at),
    userName: row.user_name,
    userEmail: row.user_email,
    recipientName: row.gift_message === null ? null : row.recipient_name,
    totalPence: row.total_pence,
    itemCount: Number(row.item_count ?? 0),
    delivery: deliveryOf(row.delivery),
    dispatchBy: row.dispatch_by,
  }));
}

/**
 * Up to `limit` paid orders not yet dispatched, oldest first, from just after `after`, whole: read
 * in order from orders_status_created_idx (status, created_at, id), so a batch costs the same
 * wherever in the queue it starts.
 */
export async function paidOrdersAfter(
  db: Db,
  after: { createdAt: string; id: string } | undefined,
  limit: number,
): Promise<StoredOrder[]> {
  let query = db.selectFrom('orders').selectAll().where('status', '=', 'paid');
  if (after) {
    query = query
      .where('created_at', '>=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('id', '>', after.id)]));
  }
  const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
  return withItems(db, rows);
}

/** An order as a tracking number is matched to it: how it stands, and how it was to go. */
export interface OrderToTrack {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paidAt: string | null;
  createdAt: string;
  tracking: { carrier: string; number: string } | null;
  delivery: OrderDelivery | null;
}

/** The orders with these numbers (`K7QF-3MXA`) that exist, each found by its number. */
export async function ordersToTrack(
  db: Db,
  orderNumbers: readonly string[],
): Promise<OrderToTrack[]> {
  if (orderNumbers.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'paid_at',
      'created_at',
      'tracking_carrier',
      'tracking_number',
      'delivery',
    ])
    .where('order_number', 'in', orderNumbers)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paidAt: isoOrNull(row.paid_at),
    createdAt: toIsoString(row.created_at),
    tracking:
      row.tracking_carrier !== null && row.tracking_number !== null
        ? { carrier: row.tracking_carrier, number: row.tracking_number }
        : null,
    delivery: deliveryOf(row.delivery),
  }));
}

/** An order its customer has asked to send back, as the desk lists it. */
export interface ReturnAskedFor {
  id: string;
  orderNumber: string;
  requestedAt: string;
  reason: string;
  kind: ReturnKind;
  userName: string;
  userEmail: string;
  /** A gift's recipient, who would send it back; null when it is not a gift. */
  recipientName: string | null;
}

/**
 * Orders waiting for a return to be dealt with, the longest waiting first, at most `limit`:
 * found by an index on their status; the few there are sorted once read.
 */
export async function returnsAskedFor(db: Db, limit: number): Promise<ReturnAskedFor[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'return_requested_at',
      'return_reason',
      'return_kind',
      'user_name',
      'user_email',
      'recipient_name',
      'gift_message',
      'created_at',
    ])
    .where('status', '=', 'return_requested')
    .orderBy('return_requested_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    requestedAt: toIsoString(row.return_requested_at ?? row.created_at),
    reason: row.return_reason ?? '',
    kind: row.return_kind ?? 'changed-mind',
    userName: row.user_name,
    userEmail: row.user_email,
    recipientName: row.gift_message === null ? null : row.recipient_name,
  }));
}

/** What was taken on one day of a run (see `dayByDay`): orders paid, and their totals. */
export interface PaidOnDay {
  day: number;
  orders: number;
  totalPence: Pence;
}

/**
 * Orders paid on each of a run of days beginning at `dayStarts` (oldest first), summed by the
 * database: a row for each day. Each day is its own range of orders_paid_idx (paid_at,
 * total_pence, tax_pence), which holds every column read, so no order's row is visited.
 */
export async function paidOrdersByDay(db: Db, dayStarts: readonly string[]): Promise<PaidOnDay[]> {
  const days = dayByDay(dayStarts, ({ day, start, end }) => {
    const paid = db
      .selectFrom('orders')
      .select((eb) => [
        sql.lit(day).as('day'),
        eb.fn.countAll<number | string>().as('orders'),
        eb.fn.sum<number | string | null>('total_pence').as('total'),
      ])
      .where('paid_at', '>=', start);
    return end === undefined ? paid : paid.where('paid_at', '<', end);
  });
  const rows = days ? await days.execute() : [];
  return rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    totalPence: Number(row.total ?? 0),
  }));
}

/** An order paid by an address, for what came back after a mail to it. */
export interface PaidOrderOfEmail {
  email: string;
  paidAt: string;
  totalPence: Pence;
}

/** How many addresses one read asks about. */
const EMAILS_AT_ONCE = 500;

/**
 * The orders paid by any of `emails` from `from` until `to`, not cancelled: ranges of
 * orders_email_paid_idx, a few hundred addresses a read.
 */
export async function paidOrdersOfEmails(
  db: Db,
  emails: readonly string[],
  { from, to }: { from: string; to: string },
): Promise<PaidOrderOfEmail[]> {
  const found: PaidOrderOfEmail[] = [];
  for (let at = 0; at < emails.length; at += EMAILS_AT_ONCE) {
    const rows = await db
      .selectFrom('orders')
      .select(['user_email', 'paid_at', 'total_pence'])
      .where('user_email', 'in', emails.slice(at, at + EMAILS_AT_ONCE))
      .where('paid_at', '>=', from)
      .where('paid_at', '<=', to)
      .where('status', '!=', 'cancelled')
      .execute();
    for (const row of rows) {
      if (row.paid_at === null) continue;
      found.push({
        email: row.user_email,
        paidAt: toIsoString(row.paid_at),
        totalPence: row.total_pence,
      });
    }
  }
  return found;
}
