import type { Db } from '../db/schema';
import { nowIso } from '../db/timestamps';

export interface StockAlert {
  id: string;
  productId: string;
  /** Null when the alert waits for a product sold without options. */
  variantId: string | null;
  email: string;
}

/** Adds an alert unless this address already waits for this product and variant. */
export async function addAlert(db: Db, alert: StockAlert): Promise<void> {
  await db
    .insertInto('stock_alerts')
    .values({
      id: alert.id,
      product_id: alert.productId,
      variant_id: alert.variantId ?? '',
      email: alert.email,
      created_at: nowIso(),
    })
    .onConflict((conflict) => conflict.columns(['product_id', 'variant_id', 'email']).doNothing())
    .execute();
}

/**
 * Takes the product's alerts waiting for any of these variants (null: the product itself) out of
 * the list and answers them. Each alert is answered to one caller only, however many run at once,
 * so each address is mailed once.
 */
export async function claimAlerts(
  db: Db,
  productId: string,
  variantIds: readonly (string | null)[],
): Promise<StockAlert[]> {
  if (variantIds.length === 0) return [];
  const rows = await db
    .deleteFrom('stock_alerts')
    .where('product_id', '=', productId)
    .where(
      'variant_id',
      'in',
      variantIds.map((id) => id ?? ''),
    )
    .returning(['id', 'product_id', 'variant_id', 'email'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id === '' ? null : row.variant_id,
    email: row.email,
  }));
}

export async function removeAlert(db: Db, id: string): Promise<void> {
  await db.deleteFrom('stock_alerts').where('id', '=', id).execute();
}
