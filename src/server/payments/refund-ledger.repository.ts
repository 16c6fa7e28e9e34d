import { sql, type Selectable } from 'kysely';
import type { Pence } from '../../shared/money';
import { dayByDay } from '../sql/day-buckets';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { RefundStatus, RefundsTable } from './payments.tables';

// The refunds the ledger keeps: each recorded before the provider is asked, held by one asker at a
// time, and settled by the provider's answer; and the sums the reports and the desk read of them.

export interface Refund {
  id: string;
  paymentId: string;
  captureId: string;
  orderId: string | null;
  amountPence: Pence;
  reason: string;
  status: RefundStatus;
  requestId: string;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A refund as the one asker that holds it sees it: only that asker asks the provider for it until
 * its hold ends, and only it may record a refusal.
 */
export interface HeldRefund extends Refund {
  /** The asker's token. */
  askedBy: string;
}

function toRefund(row: Selectable<RefundsTable>): Refund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    captureId: row.capture_id,
    orderId: row.order_id,
    amountPence: row.amount_pence,
    reason: row.reason,
    status: row.status,
    requestId: row.request_id,
    error: row.error,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

/** Records a refund as pending, held by the asker that records it until `askedUntil`. */
export async function insertRefund(
  db: Db,
  refund: Omit<Refund, 'status' | 'error' | 'createdAt' | 'updatedAt'> & {
    createdBy: string;
    askedBy: string;
    askedUntil: Date;
  },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('refunds')
    .values({
      id: refund.id,
      payment_id: refund.paymentId,
      capture_id: refund.captureId,
      order_id: refund.orderId,
      amount_pence: refund.amountPence,
      reason: refund.reason,
      status: 'pending',
      request_id: refund.requestId,
      error: null,
      created_by: refund.createdBy,
      created_at: now,
      updated_at: now,
      asked_by: refund.askedBy,
      asked_until: refund.askedUntil.toISOString(),
    })
    .execute();
}

/**
 * A refund that needs no provider, written down as gone through: money put back onto the gift
 * cards an order was paid with, in the transaction that put it there.
 */
export async function insertSettledRefund(
  db: Db,
  refund: Pick<Refund, 'id' | 'paymentId' | 'captureId' | 'orderId' | 'amountPence' | 'reason'> & {
    createdBy: string;
  },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('refunds')
    .values({
      id: refund.id,
      payment_id: refund.paymentId,
      capture_id: refund.captureId,
      order_id: refund.orderId,
      amount_pence: refund.amountPence,
      reason: refund.reason,
      status: 'succeeded',
      request_id: `settled-${refund.id}`,
      error: null,
      created_by: refund.createdBy,
      created_at: now,
      updated_at: now,
      asked_by: null,
      asked_until: null,
    })
    .execute();
}

export async function findRefund(db: Db, id: string): Promise<Refund | undefined> {
  const row = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRefund(row);
}

export async function findRefundByRequest(db: Db, requestId: string): Promise<Refund | undefined> {
  const row = await db
    .selectFrom('refunds')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row && toRefund(row);
}

/**
 * Refunds still waiting for the provider's answer, recorded before `before` (ISO 8601), that
 * nobody holds at `at`: their asker's hold is over, or was never taken.
 */
export async function pendingRefundsBefore(db: Db, before: string, at: Date): Promise<Refund[]> {
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.or([eb('asked_until', 'is', null), eb('asked_until', '<=', at.toISOString())]),
    )
    .orderBy('created_at')
    .execute();
  return rows.map(toRefund);
}

/**
 * Takes a refund in one of `from` for one asker until `until`, on the condition that nobody holds
 * it at `at`: undefined when another asker does, or it has moved on. Its last change (`updated_at`,
 * when it was last tried) stays as it was.
 */
export async function holdRefund(
  db: Db,
  id: string,
  { token, at, until, from }: { token: string; at: Date; until: Date; from: RefundStatus[] },
): Promise<HeldRefund | undefined> {
  const row = await db
    .updateTable('refunds')
    .set({ asked_by: token, asked_until: until.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', from)
    .where((eb) =>
      eb.or([eb('asked_until', 'is', null), eb('asked_until', '<=', at.toISOString())]),
    )
    .returningAll()
    .executeTakeFirst();
  return row && { ...toRefund(row), askedBy: token };
}

/**
 * Records how a refund went and lets it go; answers whether this call did. A refund the provider
 * took is recorded by whoever heard so first (the money went back, whoever asked), and never
 * marked otherwise again. A refusal is recorded only by the asker still holding the refund: an
 * answer to an asker whose hold another took over, or to one asking for a refund already taken,
 * writes nothing.
 */
export async function settleRefund(
  db: Db,
  { id, askedBy }: HeldRefund,
  outcome: { status: 'succeeded' } | { status: 'failed'; error: string },
): Promise<boolean> {
  let query = db
    .updateTable('refunds')
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      updated_at: nowIso(),
      asked_by: null,
      asked_until: null,
    })
    .where('id', '=', id)
    .where('status', '!=', 'succeeded');
  if (outcome.status === 'failed') query = query.where('asked_by', '=', askedBy);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Refunds of one order, oldest first; all of them, or those in one state. */
export async function refundsOfOrder(
  db: Db,
  orderId: string,
  status?: RefundStatus,
): Promise<Refund[]> {
  let query = db.selectFrom('refunds').selectAll().where('order_id', '=', orderId);
  if (status !== undefined) query = query.where('status', '=', status);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(toRefund);
}

/** Refunds of many orders at once, for lists. */
export async function succeededRefundsOfOrders(db: Db, orderIds: string[]): Promise<Refund[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'succeeded')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRefund);
}

/** Refunds of payments that made no order, newest first: what the shop gave back unasked. */
export async function refundsWithoutOrder(db: Db, limit: number): Promise<Refund[]> {
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRefund);
}

/** Refunds the provider did not take: owed, oldest first. */
export async function failedRefunds(db: Db): Promise<Refund[]> {
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'failed')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRefund);
}

/** What went back on orders on one day of a run (see `dayByDay`). */
export interface RefundedOnDay {
  day: number;
  amountPence: Pence;
}

/**
 * Refunds of orders that went through on each of a run of days beginning at `dayStarts` (oldest
 * first), dated when they went through (a refund's last change is its success, which nothing
 * changes after), whatever the order's own date; a row for each day. Each day is its own range of
 * refunds_settled_idx (status, updated_at).
 */
export async function refundsByDay(db: Db, dayStarts: readonly string[]): Promise<RefundedOnDay[]> {
  const days = dayByDay(dayStarts, ({ day, start, end }) => {
    const settled = db
      .selectFrom('refunds')
      .select((eb) => [
        sql.lit(day).as('day'),
        eb.fn.sum<number | string | null>('amount_pence').as('amount'),
      ])
      .where('status', '=', 'succeeded')
      .where('order_id', 'is not', null)
      .where('updated_at', '>=', start);
    return end === undefined ? settled : settled.where('updated_at', '<', end);
  });
  const rows = days ? await days.execute() : [];
  return rows.map((row) => ({ day: row.day, amountPence: Number(row.amount ?? 0) }));
}

/**
 * What went back to each of these customers on their orders, by who paid: refunds that went
 * through, summed per payer (a customer with none is absent). payments_user_idx finds their
 * payments, refunds_payment_idx those payments' refunds; which of those went through is picked in
 * the sum rather than the where, or SQLite (which has no statistics to go by) reads every refund
 * that went through to find theirs.
 */
export async function refundedToPayers(
  db: Db,
  userIds: readonly string[],
): Promise<{ userId: string; amountPence: Pence }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .innerJoin('refunds', 'refunds.payment_id', 'payments.id')
    .select((eb) => [
      'payments.user_id',
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(
              eb.and([
                eb('refunds.status', '=', 'succeeded'),
                eb('refunds.order_id', 'is not', null),
              ]),
            )
            .then(eb.ref('refunds.amount_pence'))
            .else(0)
            .end(),
        )
        .as('amount'),
    ])
    .where('payments.user_id', 'in', [...userIds])
    .groupBy('payments.user_id')
    .execute();
  // Every row is one of these customers' (a guest's payment has no user_id to match).
  return rows.flatMap((row) =>
    row.user_id === null ? [] : [{ userId: row.user_id, amountPence: Number(row.amount) }],
  );
}

/**
 * What went back to each of these guests, by the email they paid with: the refunds that went
 * through on their orders, summed by the database.
 */
export async function refundedToGuests(
  db: Db,
  emails: readonly string[],
): Promise<{ email: string; amountPence: Pence }[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('payments')
    .innerJoin('refunds', 'refunds.payment_id', 'payments.id')
    .select((eb) => [
      'payments.guest_email',
      eb.fn.sum<number | string>('refunds.amount_pence').as('amount'),
    ])
    .where('payments.user_id', 'is', null)
    .where('payments.guest_email', 'in', [...emails])
    .where('refunds.status', '=', 'succeeded')
    .where('refunds.order_id', 'is not', null)
    .groupBy('payments.guest_email')
    .execute();
  return rows.flatMap((row) =>
    row.guest_email === null ? [] : [{ email: row.guest_email, amountPence: Number(row.amount) }],
  );
}
