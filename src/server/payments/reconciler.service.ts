import { penceToPounds } from '../../shared/money';
import {
  leaseForCheck,
  paymentsDueForCheck,
  putOffCheck,
  PAYMENT_HOLD_MS,
  type Payment,
} from './payment-ledger.repository';
import type { Capture } from './payment-provider';
import { giveBackPayment, type PaymentsContext } from './refunds.service';

/** Payments opened longer ago than this are no longer asked about: the provider has let them go. */
const LOOKED_AT_FOR_MS = 24 * 60 * 60 * 1000;
/** How many payments one pass looks at; the next pass, a minute on, takes the rest. */
const PER_PASS = 100;

export const CAPTURED_WITHOUT_ORDER =
  'Taken while the shop could not record the order; given back in full';

/**
 * When an open payment the provider has not taken is next asked about: after as long again as it
 * has been open (5, 10, 20 minutes… about nine times in its first day), at least a hold apart.
 */
function nextLook(payment: Payment, now: Date): string {
  const age = now.getTime() - new Date(payment.createdAt).getTime();
  return new Date(now.getTime() + Math.max(PAYMENT_HOLD_MS, age)).toISOString();
}

/** What the provider took for a payment, as the ledger knows it or as the provider says now. */
async function captureOf(context: PaymentsContext, payment: Payment) {
  if (payment.status === 'captured' && payment.captureId !== null) {
    return {
      captureId: payment.captureId,
      amountPence: payment.capturedPence ?? payment.totalPence,
    };
  }
  const capture: Capture | undefined = await context.payments.findCapture(payment.id);
  return capture && { captureId: capture.captureId, amountPence: capture.amountPence };
}

/**
 * Finds money the provider took that the ledger could not match with an order (the database went
 * away just after a capture, or the shop stopped between the two) and gives it back. A payment is
 * looked at once it has been left alone for 5 minutes: one still open is asked about at the
 * provider, and one captured without an order is refunded at once. Placing an order holds its
 * payment for 5 minutes, and the refund only goes ahead while this pass's lease on the payment is
 * still the one it took, so a shopper's order in the making is never refunded under them. Every
 * instance runs this every minute; one lease per payment means one of them acts on each.
 */
export async function reconcilePayments(context: PaymentsContext, now = new Date()): Promise<void> {
  const { db } = context.database;
  const due = await paymentsDueForCheck(db, {
    now,
    openedSince: new Date(now.getTime() - LOOKED_AT_FOR_MS),
    limit: PER_PASS,
  });
  for (const payment of due) {
    const lease = new Date(now.getTime() + PAYMENT_HOLD_MS).toISOString();
    if (!(await leaseForCheck(db, payment.id, { now, until: lease }))) continue;
    let capture: Awaited<ReturnType<typeof captureOf>>;
    try {
      capture = await captureOf(context, payment);
    } catch (error) {
      // The provider is not answering: the lease runs out and a later pass asks again.
      context.log.warn({ err: error, paymentId: payment.id }, 'could not ask about a payment');
      continue;
    }
    if (!capture) {
      await putOffCheck(db, payment.id, { lease, until: nextLook(payment, now) });
      continue;
    }
    context.log.error(
      { paymentId: payment.id, captureId: capture.captureId, amountPence: capture.amountPence },
      `CAPTURED WITHOUT AN ORDER: ${penceToPounds(capture.amountPence).toFixed(2)} GBP of payment ${payment.id}; giving it back`,
    );
    await giveBackPayment(context, { id: payment.id, ...capture }, CAPTURED_WITHOUT_ORDER, lease);
  }
}
