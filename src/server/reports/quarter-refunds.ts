import type { Db } from '../db/schema';
import type { BatchEnd, InstantRange } from '../sql/tax-points';
import { orderNumbersOf } from '../orders/order-figures';
import { refundsSettledAfter, type SettledRefund } from '../payments/ledger.service';

/** A refund that went through in the quarter, with the number of the order it was of. */
export interface QuarterRefund extends SettledRefund {
  orderNumber: string;
}

/**
 * Up to `limit` of the refunds of orders that went through in the range, oldest first, after
 * `after`, each named by its order's number: for the return's list and the record's batches.
 */
export async function quarterRefundsAfter(
  db: Db,
  range: InstantRange,
  after: BatchEnd | undefined,
  limit: number,
): Promise<QuarterRefund[]> {
  const refunds = await refundsSettledAfter(db, range, after, limit);
  const numbers = await orderNumbersOf(
    db,
    refunds.map((refund) => refund.orderId),
  );
  return refunds.map((refund) => ({ ...refund, orderNumber: numbers.get(refund.orderId) ?? '' }));
}
