import { PAYMENT_METHODS, type PaymentMethod } from '../../shared/payments/payment-methods';
import type { Selectable } from 'kysely';
import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { PaymentsTable, PaymentStatus } from './payments.tables';

export interface Payment {
  id: string;
  /** The customer who paid; null for a guest, known by `guestEmail`. */
  userId: string | null;
  guestEmail: string | null;
  totalPence: Pence;
  status: PaymentStatus;
  captureId: string | null;
  capturedPence: Pence | null;
  createdAt: string;
  /** A hash of the basket it was opened for (see basketHash); null for an older payment. */
  basketHash: string | null;
  /** The way to pay it was opened for. */
  method: PaymentMethod;
}

/** How long placing an order, or the reconciler's look at a payment, holds it from the other. */
export const PAYMENT_HOLD_MS = 5 * 60 * 1000;

const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();

const isPaymentMethod = (method: string): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);

function toPayment(row: Selectable<PaymentsTable>): Payment {
  return {
    method: isPaymentMethod(row.method) ? row.method : 'paypal',
    id: row.id,
    userId: row.user_id,
    guestEmail: row.guest_email,
    totalPence: row.total_pence,
    status: row.status,
    captureId: row.capture_id,
    capturedPence: row.captured_pence,
    createdAt: toIsoString(row.created_at),
    basketHash: row.basket_hash,
  };
}

/** Opens a payment; the reconciler first looks at it once it is as old as a hold. */
export async function insertPayment(
  db: Db,
  payment: Pick<Payment, 'id' | 'userId' | 'guestEmail' | 'totalPence' | 'basketHash' | 'method'>,
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('payments')
    .values({
      id: payment.id,
      user_id: payment.userId,
      guest_email: payment.guestEmail,
      total_pence: payment.totalPence,
      basket_hash: payment.basketHash,
      method: payment.method,
      created_at: now.toISOString(),
      check_after: later(now, PAYMENT_HOLD_MS),
    })
    .execute();
}

export async function findPayment(db: Db, id: string): Promise<Payment | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toPayment(row);
}

/**
 * Holds an open payment while its order is placed: the reconciler leaves it alone for the next
 * 5 minutes, and a look at it already under way comes to nothing.
 */
export async function holdForOrder(db: Db, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable('payments')
    .set({ check_after: later(now, PAYMENT_HOLD_MS) })
    .where('id', '=', id)
    .where('status', 'in', ['opened', 'captured'])
    .execute();
}

/**
 * Payments the ledger has not closed that are due a look: opened since `openedSince` and never
 * captured here, or captured and neither fulfilled nor given up on. Oldest due first.
 */
export async function paymentsDueForCheck(
  db: Db,
  { now, openedSince, limit }: { now: Date; openedSince: Date; limit: number },
): Promise<Payment[]> {
  const rows = await db
    .selectFrom('payments')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'opened'), eb('created_at', '>=', openedSince.toISOString())]),
        eb.and([eb('status', '=', 'captured'), eb('unfulfilled_at', 'is', null)]),
      ]),
    )
    .where((eb) =>
      eb.or([eb('check_after', 'is', null), eb('check_after', '<=', now.toISOString())]),
    )
    .orderBy('check_after')
    .limit(limit)
    .execute();
  return rows.map(toPayment);
}

/**
 * Takes a due payment in hand for a look, until `until`; false when another instance (or its
 * order being placed) has it. The lease is `until` itself, which later steps name.
 */
export async function leaseForCheck(
  db: Db,
  id: string,
  { now, until }: { now: Date; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ check_after: until })
    .where('id', '=', id)
    .where('status', 'in', ['opened', 'captured'])
    .where((eb) =>
      eb.or([eb('check_after', 'is', null), eb('check_after', '<=', now.toISOString())]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Sets when a payment is next looked at, if the lease is still the one taken. */
export async function putOffCheck(
  db: Db,
  id: string,
  { lease, until }: { lease: string; until: string },
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ check_after: until })
    .where('id', '=', id)
    .where('check_after', '=', lease)
    .execute();
}

/**
 * Records that a captured payment makes no order, noting its capture when the ledger had not:
 * from then on it is refunded and never fulfilled. False when it was fulfilled (or given up on)
 * first, or, with a lease, when its order is being placed.
 */
export async function markUnfulfilled(
  db: Db,
  id: string,
  capture: { captureId: string; amountPence: Pence },
  lease?: string,
): Promise<boolean> {
  let query = db
    .updateTable('payments')
    .set({
      status: 'captured',
      capture_id: capture.captureId,
      captured_pence: capture.amountPence,
      unfulfilled_at: nowIso(),
    })
    .where('id', '=', id)
    .where('unfulfilled_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'opened'),
        eb.and([eb('status', '=', 'captured'), eb('capture_id', '=', capture.captureId)]),
      ]),
    );
  if (lease !== undefined) query = query.where('check_after', '=', lease);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Closes a captured payment as fulfilled by its order, unless the shop gave up on it first. */
export async function markFulfilled(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'fulfilled' })
    .where('id', '=', id)
    .where('status', '=', 'captured')
    .where('unfulfilled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Notes the capture of an open payment; a replay of the same capture changes nothing. Answers
 * false when the payment is closed (or was captured under another capture id).
 */
export async function markCaptured(
  db: Db,
  id: string,
  capture: { captureId: string; amountPence: Pence },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'captured', capture_id: capture.captureId, captured_pence: capture.amountPence })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'opened'),
        eb.and([eb('status', '=', 'captured'), eb('capture_id', '=', capture.captureId)]),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Moves a payment on from one of `from`; answers whether it did. */
export async function movePayment(
  db: Db,
  id: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
