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
import { findOrder, type StoredOrder } from '../orders.repository';

interface SendingOptions {
  /** Who asks, as the order's history names them. */
  by: string;
  /** Whether the customer is mailed once the provider has taken it. */
  mailCustomer: boolean;
  /** The order as the caller read it before acting, so that it need not be read again. */
  order?: Pick<StoredOrder, 'id' | 'totalPence'> | undefined;
}

/** A refund as it stands after asking, and its order as the customer's mail was written from it. */
export interface SentRefund {
  refund: Refund;
  /** Read once the refund was written down, when a mail was; else undefined. */
  order: StoredOrder | undefined;
}

/**
 * Gives a recorded refund of an order, held by the caller, to the provider and writes down how it
 * went, in one transaction with what follows from it: a refund taken is marked succeeded with the
 * line in the order's history, the order's closing when paid back in full, and (when
 * `mailCustomer`) the customer's mail; only the call that marks it writes those, so a duplicate
 * writes nothing. A refusal is kept as failed, in the history too, for an admin to retry; a
 * refusal heard after another asker settled the refund, or took it over, writes nothing. Answers
 * the refund as it then stands, and the order as its mail was written from.
 */
export async function sendOrderRefund(
  context: OrdersContext,
  refund: HeldRefund & { orderId: string },
  { by, mailCustomer, order }: SendingOptions,
): Promise<SentRefund> {
  if (refund.status === 'succeeded') return { refund, order: undefined };
  const outcome = await askProviderForRefund(context, refund);
  const { db } = context.database;
  const settled = await db.transaction().execute(async (trx) => {
    if (!(await settleRefund(trx, refund, outcome))) return undefined;
    if (outcome.status === 'failed') {
      const detail = `${formatPence(refund.amountPence)}: ${outcome.error}`;
      await noteInHistory(trx, refund.orderId, { type: 'refund_failed', by, detail });
      return { order: undefined };
    }
    const detail = `${formatPence(refund.amountPence)}: ${refund.reason}`;
    await noteInHistory(trx, refund.orderId, { type: 'refunded', by, detail });
    const held = order ?? (await findOrder(trx, refund.orderId));
    if (held) await closeWhenPaidBack(trx, held);
    if (!mailCustomer) return { order: undefined };
    const paidBack = await queueOrderMails(context, trx, {
      orderId: refund.orderId,
      mails: (presented, stored) => [
        orderRefundedMail(stored.userEmail, presented, refund, context),
      ],
    });
    return { order: paidBack };
  });
  context.mailer.deliverDue();
  return {
    refund: await refundAfterAnswer(db, refund, outcome, settled !== undefined),
    order: settled?.order,
  };
}

/**
 * Gives a recorded refund the caller holds to the provider, whichever it is: one of an order (see
 * sendOrderRefund, the customer mailed) or of a payment that made no order (closed as it went).
 */
export async function sendAnyRefund(
  context: OrdersContext,
  refund: HeldRefund,
  by: string,
): Promise<Refund> {
  const { orderId } = refund;
  if (orderId === null) return sendPaymentRefund(context, refund);
  return (await sendOrderRefund(context, { ...refund, orderId }, { by, mailCustomer: true }))
    .refund;
}
