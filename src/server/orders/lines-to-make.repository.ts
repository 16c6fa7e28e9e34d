import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { MadeToOrder, Preorder } from '../../shared/catalog/made-for-you';
import type { Database, Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import { isoOrNull, personalisationOf, type LinePersonalisation } from './orders.repository';

// What the desk lists to be made: each line of a paid order not yet dispatched that is made for
// its buyer, with the day its order must go out by.

/** A line of a paid, undispatched order that is made to order, on pre-order or personalised. */
export interface LineToMake {
  orderId: string;
  orderNumber: string;
  createdAt: string;
  paidAt: string | null;
  userName: string;
  userEmail: string;
  /** The UK day the order was promised to go out by; null for an order from before. */
  dispatchBy: string | null;
  productId: string | null;
  variantId: string | null;
  name: string;
  variantLabel: string | null;
  sku: string | null;
  qty: number;
  madeToOrder: MadeToOrder | null;
  preorder: Pick<Preorder, 'releaseDate'> | null;
  /** A personalised line's text, to be engraved or printed, and what its product called it. */
  personalisation: Pick<LinePersonalisation, 'label' | 'text'> | null;
}

/**
 * The lines made for their buyer: made to order, on pre-order, or personalised (due on its
 * order's day like any other).
 */
const madeForTheBuyer = (eb: ExpressionBuilder<Database, 'order_items'>): Expression<SqlBool> =>
  eb.or([
    eb('order_items.made_to_order_days', 'is not', null),
    eb('order_items.preorder_release', 'is not', null),
    eb('order_items.personalisation', 'is not', null),
  ]);

/**
 * Up to `limit` lines made for their buyer of paid orders not yet dispatched, those due first
 * (by the day their order must go out, then the oldest order), each order's lines in its order.
 */
export async function linesToMake(db: Db, limit: number): Promise<LineToMake[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select([
      'orders.id as order_id',
      'orders.order_number',
      'orders.created_at',
      'orders.paid_at',
      'orders.user_name',
      'orders.user_email',
      'orders.dispatch_by',
      'order_items.product_id',
      'order_items.variant_id',
      'order_items.name',
      'order_items.variant_label',
      'order_items.sku',
      'order_items.qty',
      'order_items.made_to_order_days',
      'order_items.preorder_release',
      'order_items.personalisation',
    ])
    .where('orders.status', '=', 'paid')
    .where(madeForTheBuyer)
    .orderBy('orders.dispatch_by')
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .orderBy('order_items.position')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    orderNumber: row.order_number,
    createdAt: toIsoString(row.created_at),
    paidAt: isoOrNull(row.paid_at),
    userName: row.user_name,
    userEmail: row.user_email,
    dispatchBy: row.dispatch_by,
    productId: row.product_id,
    variantId: row.variant_id,
    name: row.name,
    variantLabel: row.variant_label,
    sku: row.sku,
    qty: row.qty,
    madeToOrder: row.made_to_order_days === null ? null : { leadDays: row.made_to_order_days },
    preorder: row.preorder_release === null ? null : { releaseDate: row.preorder_release },
    personalisation: textOf(personalisationOf(row.personalisation)),
  }));
}

function textOf(personalisation: LinePersonalisation | null) {
  return personalisation && { label: personalisation.label, text: personalisation.text };
}
