import {
  outsideVatReason,
  splitRefunds,
  type OutsideVatReason,
  type RefundVatParts,
} from '../../shared/reports/gift-card-vat';
import { refundVat, type VatTotals } from '../../shared/reports/vat';
import type { Db } from '../db/schema';
import { voidsOfCardsSoldBy } from '../gift-cards/gift-card-figures';
import { ordersPartlyOutsideVat } from '../orders/order-figures';
import {
  refundsRecordedOfOrders,
  refundsSettledPartlyOutsideVat,
  refundTotalsWithinVat,
} from '../payments/ledger.service';
import type { InstantRange } from '../sql/tax-points';

/** A refund's parts as VAT sees them, and why the part outside VAT is outside (null: none is). */
export interface RefundVat extends RefundVatParts {
  outsideReason: OutsideVatReason | null;
}

/** A refund within VAT whole: a sixth of it VAT. */
export const withinVat = (amountPence: number): RefundVat => ({
  vatablePence: amountPence,
  outsidePence: 0,
  vatPence: refundVat(amountPence),
  outsideReason: null,
});

/**
 * How VAT sees each of these refunds, by id. A refund of an order with nothing outside VAT is
 * within VAT whole, a sixth of it VAT; one of an order with a part outside VAT because of gift
 * cards is split after every refund recorded on the order before it, and the voids of the cards
 * it sold (`splitRefunds`).
 */
export async function vatOfRefunds(
  db: Db,
  refunds: readonly { id: string; orderId: string; amountPence: number }[],
): Promise<Map<string, RefundVat>> {
  const bases = await ordersPartlyOutsideVat(
    db,
    refunds.map((refund) => refund.orderId),
  );
  const orderIds = [...bases.keys()];
  const [recorded, voids] = await Promise.all([
    refundsRecordedOfOrders(db, orderIds),
    voidsOfCardsSoldBy(db, orderIds),
  ]);
  const split = new Map<string, RefundVat>();
  for (const [orderId, basis] of bases) {
    const parts = splitRefunds(
      basis,
      recorded.filter((refund) => refund.orderId === orderId),
      voids.filter((cardVoid) => cardVoid.orderId === orderId),
    );
    const outsideReason = outsideVatReason(basis);
    for (const [id, part] of parts) {
      split.set(id, { ...part, outsideReason: part.outsidePence > 0 ? outsideReason : null });
    }
  }
  return new Map(
    refunds.map((refund) => [refund.id, split.get(refund.id) ?? withinVat(refund.amountPence)]),
  );
}

/**
 * The refunds that went through in the range, added up as VAT sees them: those of orders with
 * nothing outside VAT summed by the database, the few others split one by one.
 */
export async function quarterRefundTotals(db: Db, range: InstantRange): Promise<VatTotals> {
  const [within, partly] = await Promise.all([
    refundTotalsWithinVat(db, range),
    refundsSettledPartlyOutsideVat(db, range),
  ]);
  const parts = [...(await vatOfRefunds(db, partly)).values()];
  return {
    count: within.count + partly.length,
    grossPence: parts.reduce((sum, part) => sum + part.vatablePence, within.grossPence),
    vatPence: parts.reduce((sum, part) => sum + part.vatPence, within.vatPence),
    outsidePence: parts.reduce((sum, part) => sum + part.outsidePence, within.outsidePence),
  };
}
