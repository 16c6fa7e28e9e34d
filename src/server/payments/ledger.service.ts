import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { refundsOfOrder } from './refund-ledger.repository';

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

/** How much of an order has actually been given back. */
export async function paidBackOn(db: Db, orderId: string): Promise<Pence> {
  const refunds = await refundsOfOrder(db, orderId, 'succeeded');
  return refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
}
