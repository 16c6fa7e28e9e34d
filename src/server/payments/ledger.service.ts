import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { giftCardMarkOf } from './gift-card-mark';
import { insertSettledRefund, refundsOfOrder } from './refund-ledger.repository';

/**
 * What other domains may ask of the payment ledger: open a payment, hold it while its order is
 * placed, note its capture, close it when its order is made, and read the refunds that went
 * through (of some orders, of each day, to each customer or guest, of a VAT quarter). The ledger's own
 * names, from the one place that keeps them.
 */
export {
  findPayment,
  holdForOrder,
  insertPayment,
  markCaptured,
  markFulfilled,
  type Payment,
} from './payment-ledger.repository';
export {
  refundedToGuests,
  refundedToPayers,
  refundsByDay,
  succeededRefundsOfOrders,
  type Refund,
} from './refund-ledger.repository';

export {
  refundTotalsWithinVat,
  refundsRecordedOfOrders,
  refundsSettledAfter,
  refundsSettledPartlyOutsideVat,
  type RecordedRefund,
  type SettledRefund,
} from './settled-refunds.repository';

/**
 * What has been asked back from one capture of an order, gone through or still owed (a refused
 * refund is kept to try again): what is left of it to refund is what it took less this.
 */
export async function askedBackFrom(db: Db, orderId: string, captureId: string): Promise<Pence> {
  const refunds = await refundsOfOrder(db, orderId);
  return refunds
    .filter((refund) => refund.captureId === captureId)
    .reduce((sum, refund) => sum + refund.amountPence, 0);
}

/**
 * Writes down money put back onto an order's gift cards as a refund gone through, beside those
 * the provider took: the order's refunds, its closing and the VAT report count it alike.
 */
export function recordGiftCardRefund(
  db: Db,
  refund: { orderId: string; amountPence: Pence; reason: string; createdBy: string },
): Promise<void> {
  const mark = giftCardMarkOf(refund.orderId);
  return insertSettledRefund(db, { ...refund, id: newId(), paymentId: mark, captureId: mark });
}

/** How much of an order has actually been given back. */
export async function paidBackOn(db: Db, orderId: string): Promise<Pence> {
  const refunds = await refundsOfOrder(db, orderId, 'succeeded');
  return refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
}
