import { penceToPounds } from '../../shared/money';
import {
  quarterBounds,
  quarterKey,
  VAT_REFUNDS_LISTED,
  vatBoxes,
  type VatFigures,
  type VatReport,
  type VatTotals,
} from '../../shared/reports/vat';
import { quarterAsked, rangeOf, type VatContext } from './vat-quarter';
import { salesTotals } from '../orders/order-figures';
import { quarterRefundsAfter, type QuarterRefund } from './quarter-refunds';
import { quarterRefundTotals } from './refund-vat';

const figuresOf = ({ count, grossPence, vatPence, outsidePence }: VatTotals): VatFigures => ({
  count,
  gross: penceToPounds(grossPence),
  vat: penceToPounds(vatPence),
  net: penceToPounds(grossPence - vatPence),
  outside: penceToPounds(outsidePence),
});

const presentRefund = (refund: QuarterRefund) => ({
  _id: refund.id,
  at: refund.settledAt,
  order: { _id: refund.orderId, orderNumber: refund.orderNumber },
  amount: penceToPounds(refund.amountPence),
  vat: penceToPounds(refund.vatPence),
  outside: penceToPounds(refund.outsidePence),
});

/**
 * The VAT return of a quarter (the one running now unless asked): its sales and refunds added up
 * by the database, the boxes the shop can fill, and the first of its refunds to list. Three
 * reads, each one range of an index, however many orders the shop has; the refunds of orders with
 * a part outside VAT because of gift cards (few) are split one by one.
 */
export async function vatReportFor(
  { database: { db }, settings }: VatContext,
  asked: string | undefined,
  now = new Date(),
): Promise<VatReport> {
  const { vat } = settings.current();
  const quarter = quarterAsked(asked, vat, now);
  const range = rangeOf(quarter);
  const [sales, refunds, listed] = await Promise.all([
    salesTotals(db, range),
    quarterRefundTotals(db, range),
    quarterRefundsAfter(db, range, undefined, VAT_REFUNDS_LISTED),
  ]);
  const { box1Pence, box6Pounds } = vatBoxes(vat, sales, refunds);
  const { firstDay, lastDay } = quarterBounds(quarter);
  return {
    quarter: quarterKey(quarter),
    from: range.from,
    to: range.to,
    firstDay,
    lastDay,
    stagger: vat.stagger,
    scheme: vat.scheme,
    flatRate: vat.flatRate,
    sales: figuresOf(sales),
    refunds: figuresOf(refunds),
    box1: penceToPounds(box1Pence),
    box2: 0,
    box6: box6Pounds,
    box8: 0,
    box9: 0,
    refundList: listed.map(presentRefund),
  };
}
