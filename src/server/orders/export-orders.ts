import type { OrdersExportQuery } from '../../shared/exports/exports';
import { ukDay, ukDayEnd, ukDayStart } from '../../shared/uk-time';
import type { Db } from '../db/schema';
import { money, RECORDS_A_PAGE, type CsvRow } from '../http/csv-download';
import { succeededRefundsOfOrders } from '../payments/ledger.service';
import { ordersAfter, type OrderListPlace } from './order-export.repository';

/** How much of each order has been given back: the refunds that went through. */
async function refundedOf(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  const refunded = new Map<string, number>();
  for (const refund of await succeededRefundsOfOrders(db, orderIds)) {
    if (refund.orderId === null) continue;
    refunded.set(refund.orderId, (refunded.get(refund.orderId) ?? 0) + refund.amountPence);
  }
  return refunded;
}

/**
 * The orders paid on the UK days asked (both included; either end open), oldest first, as the
 * rows of the accountant's file: a row per order line with its SKU, variant, quantity and prices,
 * and on each the order's shipping, discount, gift wrap, total, VAT and refunds (as they stand
 * now). Read a batch of orders at a time, with their lines and refunds, as the file is written.
 */
export async function* orderExportRows(
  db: Db,
  query: OrdersExportQuery,
  { batch = RECORDS_A_PAGE } = {},
): AsyncGenerator<CsvRow[]> {
  const period = {
    since: query.from === undefined ? undefined : ukDayStart(query.from).toISOString(),
    before: query.to === undefined ? undefined : ukDayEnd(query.to).toISOString(),
  };
  let after: OrderListPlace | undefined;
  for (;;) {
    const orders = await ordersAfter(db, period, after, batch);
    const refunded = await refundedOf(
      db,
      orders.map((order) => order.id),
    );
    const page: CsvRow[] = [];
    for (const order of orders) {
      const figures = [
        money(order.shippingPence),
        money(order.discountPence),
        money(order.giftWrapPence),
        money(order.totalPence),
        money(order.taxPence),
        money(refunded.get(order.id) ?? 0),
      ];
      for (const line of order.lines) {
        page.push([
          order.orderNumber,
          ukDay(order.paidAt ?? order.createdAt),
          order.status,
          order.email,
          order.recipient,
          order.postcode,
          line.name,
          line.sku,
          line.variantLabel,
          line.qty,
          money(line.pricePence),
          money(line.pricePence * line.qty),
          ...figures,
        ]);
      }
    }
    yield page;
    const last = orders.at(-1);
    if (last === undefined || orders.length < batch) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
