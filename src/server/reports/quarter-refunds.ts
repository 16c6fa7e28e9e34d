import type { Db } from '../db/schema';
import type { BatchEnd, InstantRange } from '../sql/tax-points';
import { orderNumbersOf } from '../orders/order-figures';
import { refundsSettledAfter, type SettledRefund } from '../payments/ledger.service';
import { vatOfRefunds, withinVat, type RefundVat } from './refund-vat';

/**
 * A refund that went through in the quarter, with the number of the order it was of, and what of
 * it is within VAT.
 */
export interface QuarterRefund extends SettledRefund, RefundVat {
  orderNumber: string;
}

/**
 * Up to `limit` of the refunds of orders that went through in the range, oldest first, after
 * `after`, each named by its order's number and split as VAT sees it: for the return's list and
 * the record's batches.
 */
export async function quarterRefundsAfter(
  db: Db,
  range: InstantRange,
  after: BatchEnd | undefined,
  limit: number,
): Promise<QuarterRefund[]> {
  const refunds = await refundsSettledAfter(db, range, after, limit);
  const [numbers, vat] = await Promise.all([
    orderNumbersOf(
      db,
      refunds.map((refund) => refund.orderId),
    ),
    vatOfRefunds(db, refunds),
  ]);
  return refunds.map((refund) => ({
    ...refund,
    ...(vat.get(refund.id) ?? withinVat(refund.amountPence)),
    orderNumber: numbers.get(refund.orderId) ?? '',
  }));
}
