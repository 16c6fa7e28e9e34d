import type { OrderStatus } from '../../shared/orders/order-status';
import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';

/** An order as the accountant's file shows it: who, where to, its figures and its lines. */
export interface ExportedOrder {
  id: string;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  status: OrderStatus;
  email: string;
  recipient: string;
  postcode: string;
  shippingPence: Pence;
  discountPence: Pence;
  giftWrapPence: Pence;
  taxPence: Pence;
  totalPence: Pence;
  lines: {
    name: string;
    /** Null for a product sold one way. */
    sku: string | null;
    variantLabel: string | null;
    qty: number;
    pricePence: Pence;
  }[];
}

/** Where a read of the orders stopped: the last order's place, oldest first. */
export interface OrderListPlace {
  createdAt: string;
  id: string;
}

/** The orders made from `since` to before `before` (either open), oldest first. */
export interface OrderPeriod {
  since?: string | undefined;
  before?: string | undefined;
}

/**
 * Up to `limit` orders of the period, oldest first, from just after `after`, each with its lines:
 * read in order from orders_newest_idx (created_at, id), with the lines of the whole batch in one
 * more query, so that a batch costs the same wherever in the orders it is. Orders are made as they
 * are paid, so the day made is the day paid.
 */
export async function ordersAfter(
  db: Db,
  period: OrderPeriod,
  after: OrderListPlace | undefined,
  limit: number,
): Promise<ExportedOrder[]> {
  let query = db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created_at',
      'paid_at',
      'status',
      'user_email',
      'recipient_name',
      'postal_code',
      'shipping_pence',
      'voucher_discount_pence',
      'promotion_discount_pence',
      'gift_wrap_pence',
      'tax_pence',
      'total_pence',
    ]);
  if (period.since !== undefined) query = query.where('created_at', '>=', period.since);
  if (period.before !== undefined) query = query.where('created_at', '<', period.before);
  if (after) {
    // The bound alone is a range of the index, so each batch starts where the last one ended
    // rather than at the period's start (which PostgreSQL otherwise reads from, every batch).
    query = query
      .where('created_at', '>=', after.createdAt)
      .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('id', '>', after.id)]));
  }
  const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
  const items =
    rows.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .select(['order_id', 'name', 'sku', 'variant_label', 'qty', 'price_pence'])
          .where(
            'order_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('order_id')
          .orderBy('position')
          .execute();
  const linesOf = new Map<string, ExportedOrder['lines']>();
  for (const item of items) {
    const line = {
      name: item.name,
      sku: item.sku,
      variantLabel: item.variant_label,
      qty: item.qty,
      pricePence: item.price_pence,
    };
    const lines = linesOf.get(item.order_id);
    if (lines) lines.push(line);
    else linesOf.set(item.order_id, [line]);
  }
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    createdAt: toIsoString(row.created_at),
    paidAt: row.paid_at === null ? null : toIsoString(row.paid_at),
    status: row.status,
    email: row.user_email,
    recipient: row.recipient_name,
    postcode: row.postal_code,
    shippingPence: row.shipping_pence,
    // Every discount: the voucher's code and the promotions, so the file adds up to the total.
    discountPence: row.voucher_discount_pence + row.promotion_discount_pence,
    giftWrapPence: row.gift_wrap_pence,
    taxPence: row.tax_pence,
    totalPence: row.total_pence,
    lines: linesOf.get(row.id) ?? [],
  }));
}
