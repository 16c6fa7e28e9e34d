import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FailedRefund, PaymentWithoutOrder } from '../../shared/payments/payments';
import { penceToPounds, type Pence } from '../../shared/money';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { nowIso } from '../sql/timestamps';
import { ShopError } from '../http/errors';
import { markUnfulfilled, movePayment } from './payment-ledger.repository';
import {
  failedRefunds,
  findRefund,
  findRefundByRequest,
  holdRefund,
  insertRefund,
  pendingRefundsBefore,
  refundsWithoutOrder,
  settleRefund,
  type HeldRefund,
  type Refund,
} from './refund-ledger.repository';
import { PaymentFailed, type PaymentProvider } from './payment-provider';

export type { HeldRefund, Refund } from './refund-ledger.repository';

/**
 * How long an asker holds a refund before another may ask for it: a call to PayPal has an answer
 * or gives up within about a minute (decision 018), so a refund held longer than this was left by
 * an asker that died.
 */
const ASKING_HOLD_MS = 5 * 60 * 1000;

const holdUntil = (at: Date) => new Date(at.getTime() + ASKING_HOLD_MS);

/** What giving money back needs: the database, the provider, and a log for what went wrong. */
export interface PaymentsContext {
  database: ShopDatabase;
  payments: PaymentProvider;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** A refund to record before the provider is asked, so that a crash or a refusal loses nothing. */
interface RefundToRecord {
  paymentId: string;
  captureId: string;
  orderId: string | null;
  amountPence: Pence;
  reason: string;
  createdBy: string;
  /** The provider's idempotency key; a new one when not given. */
  requestId?: string;
}

/** How the provider answered a refund. */
type RefundOutcome = { status: 'succeeded' } | { status: 'failed'; error: string };

/**
 * Records a refund as pending, in the caller's transaction, held by the caller: it is the one to
 * ask the provider for it.
 */
export async function recordRefund(db: Db, refund: RefundToRecord): Promise<HeldRefund> {
  const id = newId();
  const requestId = refund.requestId ?? `refund-${id}`;
  const askedBy = randomUUID();
  await insertRefund(db, { ...refund, id, requestId, askedBy, askedUntil: holdUntil(new Date()) });
  const at = nowIso();
  return {
    ...refund,
    id,
    requestId,
    askedBy,
    status: 'pending',
    error: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Takes a recorded refund for this caller alone, to ask the provider for it: one that is pending
 * (`from` says which states may be taken) and that no other asker holds. Undefined when another
 * does, or it has been settled meanwhile.
 */
export function holdForAsking(
  db: Db,
  refund: Refund,
  from: Refund['status'][] = ['pending'],
): Promise<HeldRefund | undefined> {
  const at = new Date();
  return holdRefund(db, refund.id, { token: randomUUID(), at, until: holdUntil(at), from });
}

/**
 * How a refund stands once an asker has its answer: as it was settled by this answer, or, when the
 * answer wrote nothing (another asker settled it, or took it over), as it is stored now.
 */
export async function refundAfterAnswer(
  db: Db,
  refund: Refund,
  outcome: RefundOutcome,
  written: boolean,
): Promise<Refund> {
  if (written) return settled(refund, outcome);
  return (await findRefund(db, refund.id)) ?? settled(refund, outcome);
}

/**
 * Asks the provider for a recorded refund; the provider takes a refund once for its key, however
 * often it is asked. A refusal is logged and answered, never thrown: it is the caller's to keep.
 */
export async function askProviderForRefund(
  context: PaymentsContext,
  refund: Refund,
): Promise<RefundOutcome> {
  try {
    // A payment that made no order is given back whole, in whatever currency it was taken.
    await context.payments.refundCapture(refund.captureId, {
      amountPence: refund.orderId === null ? undefined : refund.amountPence,
      requestId: refund.requestId,
    });
    return { status: 'succeeded' };
  } catch (error) {
    const reason = error instanceof PaymentFailed ? error.message : 'the provider did not answer';
    context.log.error(
      {
        err: error,
        refund: refund.id,
        captureId: refund.captureId,
        amountPence: refund.amountPence,
      },
      `REFUND FAILED: ${penceToPounds(refund.amountPence).toFixed(2)} GBP of capture ${refund.captureId} (${refund.reason}); it is listed for admins to retry`,
    );
    return { status: 'failed', error: reason };
  }
}

export { settleRefund } from './refund-ledger.repository';

/** The refund as it stands once settled. */
export const settled = (refund: Refund, outcome: RefundOutcome): Refund => ({
  ...refund,
  status: outcome.status,
  error: outcome.status === 'failed' ? outcome.error : null,
});

/**
 * Gives back a refund of a payment that made no order, held by the caller, and closes the payment
 * as it went: refunded, or refund_failed while it waits for a retry; only the answer that settles
 * the refund closes it.
 */
export async function sendPaymentRefund(
  context: PaymentsContext,
  refund: HeldRefund,
): Promise<Refund> {
  if (refund.status === 'succeeded') return refund;
  const outcome = await askProviderForRefund(context, refund);
  const { db } = context.database;
  const written = await db.transaction().execute(async (trx) => {
    if (!(await settleRefund(trx, refund, outcome))) return false;
    const closed = outcome.status === 'succeeded' ? 'refunded' : 'refund_failed';
    await movePayment(trx, refund.paymentId, ['opened', 'captured', 'refund_failed'], closed);
    return true;
  });
  return refundAfterAnswer(db, refund, outcome, written);
}

/**
 * Gives back the whole of a captured payment that makes no order, once: it is first marked as
 * making none, in the transaction that records its refund, so that its order can no longer be
 * made; a second call for the same capture finds that refund and only asks for it again if it
 * failed or its asker's hold is over (else answers it as it stands).
 * Undefined, and nothing done, when the payment made its order first, or (with the reconciler's
 * `lease`) when its order is being placed.
 */
export async function giveBackPayment(
  context: PaymentsContext,
  payment: { id: string; captureId: string; amountPence: Pence },
  reason: string,
  lease?: string,
): Promise<Refund | undefined> {
  const requestId = `refund-${payment.captureId}`;
  const { db } = context.database;
  const found = await db
    .transaction()
    .execute(async (trx): Promise<{ held: HeldRefund } | { recorded: Refund } | undefined> => {
      const recorded = await findRefundByRequest(trx, requestId);
      if (recorded) return { recorded };
      if (!(await markUnfulfilled(trx, payment.id, payment, lease))) {
        // Given up on by a duplicate call that has just recorded its refund, or fulfilled.
        const other = await findRefundByRequest(trx, requestId);
        return other && { recorded: other };
      }
      const held = await recordRefund(trx, {
        paymentId: payment.id,
        captureId: payment.captureId,
        orderId: null,
        amountPence: payment.amountPence,
        reason,
        createdBy: 'the shop',
        requestId,
      });
      return { held };
    });
  if (!found) return undefined;
  const held =
    'held' in found ? found.held : await holdForAsking(db, found.recorded, ['pending', 'failed']);
  // Gone through, or being asked for by the call that holds it: answered as it stands.
  if (!held) return 'recorded' in found ? found.recorded : undefined;
  const sent = await sendPaymentRefund(context, held);
  if (sent.status === 'succeeded') {
    context.log.warn(`Refunded capture ${payment.captureId}: ${reason}`);
  }
  return sent;
}

/** A refund the provider refused, for an admin to ask again. */
export async function failedRefund(db: Db, id: string): Promise<Refund> {
  const refund = await findRefund(db, id);
  if (refund?.status !== 'failed') {
    throw new ShopError('REFUND_NOT_FOUND', 'There is no failed refund with that id');
  }
  return refund;
}

/** How long a refund may wait for the provider's answer before it is taken for one a crash left. */
const REFUND_LEFT_AFTER_MS = ASKING_HOLD_MS;

/**
 * Refunds recorded before a crash and never settled: recorded more than REFUND_LEFT_AFTER_MS
 * ago, still pending, and held by nobody (the asker's hold is over). Asking the provider again
 * with the same key takes each once; take each with `holdForAsking` first.
 */
export function refundsLeftPending(db: Db, now = new Date()): Promise<Refund[]> {
  return pendingRefundsBefore(
    db,
    new Date(now.getTime() - REFUND_LEFT_AFTER_MS).toISOString(),
    now,
  );
}

function presentFailedRefund(refund: Refund): FailedRefund {
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
