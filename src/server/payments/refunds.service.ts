import type { FastifyBaseLogger } from 'fastify';
import type { FailedRefund, PaymentWithoutOrder } from '../../shared/orders';
import { penceToPounds, type Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { newId } from '../db/ids';
import { ShopError } from '../http/errors';
import {
  failedRefunds,
  findRefund,
  findRefundByRequest,
  insertRefund,
  markUnfulfilled,
  movePayment,
  pendingRefundsBefore,
  refundsWithoutOrder,
  settleRefund,
  type Refund,
} from './payment-ledger.repository';
import { PaymentFailed, type PaymentProvider } from './payment-provider';

export interface RefundsContext {
  db: Db;
  payments: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** A refund to record before the provider is asked, so that a crash or a refusal loses nothing. */
export interface RefundToRecord {
  paymentId: string;
  captureId: string;
  orderId: string | null;
  amountPence: Pence;
  reason: string;
  createdBy: string;
  /** The provider's idempotency key; a new one when not given. */
  requestId?: string;
}

/** Records a refund as pending, in the caller's transaction; answers its id. */
export async function recordRefund(db: Db, refund: RefundToRecord): Promise<string> {
  const id = newId();
  await insertRefund(db, { ...refund, id, requestId: refund.requestId ?? `refund-${id}` });
  return id;
}

/**
 * What follows from a refund the provider took (the order's history, its mail), written in the
 * transaction that marks the refund succeeded, so that one is never kept without the other.
 */
export type RecordTaken = (trx: Db, refund: Refund) => Promise<void>;

/**
 * Asks the provider for a recorded refund and records the outcome; the provider takes a refund
 * once for its key, however often it is asked. A refund taken is marked succeeded together with
 * `recordTaken`, which only the call that marks it runs (a twin finds it settled). A refusal is
 * kept as failed, logged, and listed for admins to retry; it never throws for the provider's sake.
 */
export async function issueRefund(
  context: RefundsContext,
  id: string,
  recordTaken?: RecordTaken,
): Promise<Refund> {
  const refund = await findRefund(context.db, id);
  if (!refund) throw new ShopError('REFUND_NOT_FOUND', 'That refund could not be found');
  if (refund.status === 'succeeded') return refund;
  try {
    // A payment that made no order is given back whole, in whatever currency it was taken.
    await context.payments.refundCapture(refund.captureId, {
      amountPence: refund.orderId === null ? undefined : refund.amountPence,
      requestId: refund.requestId,
    });
  } catch (error) {
    const reason = error instanceof PaymentFailed ? error.message : 'the provider did not answer';
    context.log.error(
      { err: error, refund: id, captureId: refund.captureId, amountPence: refund.amountPence },
      `REFUND FAILED: ${penceToPounds(refund.amountPence).toFixed(2)} GBP of capture ${refund.captureId} (${refund.reason}); it is listed for admins to retry`,
    );
    await settleRefund(context.db, id, { status: 'failed', error: reason });
    return { ...refund, status: 'failed', error: reason };
  }
  const taken: Refund = { ...refund, status: 'succeeded', error: null };
  await context.db.transaction().execute(async (trx) => {
    if (await settleRefund(trx, id, { status: 'succeeded' })) await recordTaken?.(trx, taken);
  });
  return taken;
}

/**
 * Asks the provider for a recorded refund (see `issueRefund`); a payment that made no order is
 * then closed as its refund went: refunded, or refund_failed while it waits for a retry.
 */
export async function askForRefund(
  context: RefundsContext,
  refund: Pick<Refund, 'id' | 'orderId' | 'paymentId'>,
  recordTaken?: RecordTaken,
): Promise<Refund> {
  const asked = await issueRefund(context, refund.id, recordTaken);
  if (refund.orderId === null) {
    const closed = asked.status === 'succeeded' ? 'refunded' : 'refund_failed';
    await movePayment(
      context.db,
      refund.paymentId,
      ['opened', 'captured', 'refund_failed'],
      closed,
    );
  }
  return asked;
}

/**
 * Gives back the whole of a captured payment that makes no order, once: it is first marked as
 * making none, in the transaction that records its refund, so that its order can no longer be
 * made; a second call for the same capture finds that refund and only retries it if it failed.
 * The payment is then closed. Undefined, and nothing done, when the payment made its order
 * first, or (with the reconciler's `lease`) when its order is being placed.
 */
export async function refundUnfulfilledPayment(
  context: RefundsContext,
  payment: { id: string; captureId: string; amountPence: Pence },
  reason: string,
  lease?: string,
): Promise<Refund | undefined> {
  const requestId = `refund-${payment.captureId}`;
  const id = await context.db.transaction().execute(async (trx) => {
    const recorded = await findRefundByRequest(trx, requestId);
    if (recorded) return recorded.id;
    if (!(await markUnfulfilled(trx, payment.id, payment, lease))) {
      // Given up on by a duplicate call that has just recorded its refund, or fulfilled.
      return (await findRefundByRequest(trx, requestId))?.id;
    }
    return recordRefund(trx, {
      paymentId: payment.id,
      captureId: payment.captureId,
      orderId: null,
      amountPence: payment.amountPence,
      reason,
      createdBy: 'the shop',
      requestId,
    });
  });
  if (id === undefined) return undefined;
  const refund = await askForRefund(context, { id, orderId: null, paymentId: payment.id });
  if (refund.status === 'succeeded')
    context.log.warn(`Refunded capture ${payment.captureId}: ${reason}`);
  return refund;
}

/** An admin asks again for a refund the provider refused. */
export async function retryRefund(
  context: RefundsContext,
  id: string,
  recordTaken?: RecordTaken,
): Promise<Refund> {
  const refund = await findRefund(context.db, id);
  if (refund?.status !== 'failed') {
    throw new ShopError('REFUND_NOT_FOUND', 'There is no failed refund with that id');
  }
  return askForRefund(context, refund, recordTaken);
}

/** How long a refund may wait for the provider's answer before it is taken for one a crash left. */
export const REFUND_LEFT_AFTER_MS = 5 * 60 * 1000;

/**
 * Refunds recorded before a crash and never settled: recorded more than REFUND_LEFT_AFTER_MS
 * ago and still pending. Asking the provider again with the same key takes each once.
 */
export function refundsLeftPending(db: Db, now = new Date()): Promise<Refund[]> {
  return pendingRefundsBefore(db, new Date(now.getTime() - REFUND_LEFT_AFTER_MS).toISOString());
}

export function presentFailedRefund(refund: Refund): FailedRefund {
  return {
    _id: refund.id,
    paymentId: refund.paymentId,
    orderId: refund.orderId,
    amount: penceToPounds(refund.amountPence),
    reason: refund.reason,
    error: refund.error ?? '',
    createdAt: refund.createdAt,
    lastTriedAt: refund.updatedAt,
  };
}

export async function listFailedRefunds(db: Db): Promise<FailedRefund[]> {
  return (await failedRefunds(db)).map(presentFailedRefund);
}

/** How many of the latest payments without an order an admin is shown. */
const LATEST_WITHOUT_ORDER = 100;

/** Payments the shop took and gave back because they made no order, newest first, for admins. */
export async function listPaymentsWithoutOrder(db: Db): Promise<PaymentWithoutOrder[]> {
  return (await refundsWithoutOrder(db, LATEST_WITHOUT_ORDER)).map((refund) => ({
    paymentId: refund.paymentId,
    captureId: refund.captureId,
    amount: penceToPounds(refund.amountPence),
    reason: refund.reason,
    refund: { _id: refund.id, status: refund.status, error: refund.error },
    createdAt: refund.createdAt,
    settledAt: refund.status === 'pending' ? null : refund.updatedAt,
  }));
}
