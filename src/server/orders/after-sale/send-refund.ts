import { formatPence } from '../../../shared/money';
import type { Refund } from '../../payments/ledger.service';
import {
  askProviderForRefund,
  refundAfterAnswer,
  sendPaymentRefund,
  settleRefund,
  type HeldRefund,
} from '../../payments/refunds.service';
import type { OrdersContext } from '../orders-context';
import { orderRefundedMail } from '../order-mails';
import { closeWhenPaidBack, noteInHistory, queueOrderMails } from '../order-records';
import { findOrder } from '../orders.repository';

/**
 * Gives a recorded refund of an order, held by the caller, to the provider and writes down how it
 * went, in one transaction with what follows from it: a refund taken is marked succeeded with the
 * line in the order's history, the order's closing when paid back in full, and (when
 * `mailCustomer`) the customer's mail; only the call that marks it writes those, so a duplicate
 * writes nothing. A refusal is kept as failed, in the history too, for an admin to retry; a
 * refusal heard after another asker settled the refund, or took it over, writes nothing. Answers
 * the refund as it then stands.
 */
export async function sendOrderRefund(
  context: OrdersContext,
  refund: HeldRefund & { orderId: string },
  { by, mailCustomer }: { by: string; mailCustomer: boolean },
): Promise<Refund> {
  if (refund.status === 'succeeded') return refund;
  const outcome = await askProviderForRefund(context, refund);
  const { db } = context.database;
  const written = await db.transaction().execute(async (trx) => {
    if (!(await settleRefund(trx, refund, outcome))) return false;
    if (outcome.status === 'failed') {
      const detail = `${formatPence(refund.amountPence)}: ${outcome.error}`;
      await noteInHistory(trx, refund.orderId, { type: 'refund_failed', by, detail });
      return true;
    }
    const detail = `${formatPence(refund.amountPence)}: ${refund.reason}`;
    await noteInHistory(trx, refund.orderId, { type: 'refunded', by, detail });
    const order = await findOrder(trx, refund.orderId);
    if (order) await closeWhenPaidBack(trx, order);
    if (mailCustomer) {
      await queueOrderMails(context, trx, refund.orderId, (paidBack, stored) => [
        orderRefundedMail(stored.userEmail, paidBack, refund, context),
      ]);
    }
    return true;
  });
  context.mailer.deliverDue();
  return refundAfterAnswer(db, refund, outcome, written);
}

/**
 * Gives a recorded refund the caller holds to the provider, whichever it is: one of an order (see
 * sendOrderRefund, the customer mailed) or of a payment that made no order (closed as it went).
 */
export function sendAnyRefund(context: OrdersContext, refund: HeldRefund, by: string) {
  const { orderId } = refund;
  return orderId === null
    ? sendPaymentRefund(context, refund)
    : sendOrderRefund(context, { ...refund, orderId }, { by, mailCustomer: true });
}
