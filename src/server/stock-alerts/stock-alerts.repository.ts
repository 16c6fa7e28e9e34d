import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';

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

/** How many addresses wait for a product (sold one way: variant null) or one of its variants. */
export interface WaitingCount {
  productId: string;
  variantId: string | null;
  waiting: number;
}

/**
 * How many wait for each product and variant that anyone waits for. Counted along the
 * stock_alerts_once_key index (product_id, variant_id, email), which holds every column read.
 */
export async function waitingCounts(db: Db): Promise<WaitingCount[]> {
  const rows = await db
    .selectFrom('stock_alerts')
    .select((eb) => ['product_id', 'variant_id', eb.fn.countAll<number | string>().as('waiting')])
    .groupBy(['product_id', 'variant_id'])
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.variant_id === '' ? null : row.variant_id,
    waiting: Number(row.waiting),
  }));
}

/** The alerts an address waits for, oldest first. */
export async function alertsOf(
  db: Db,
  email: string,
): Promise<{ productId: string; variantId: string | null; createdAt: string }[]> {
  const rows = await db
    .selectFrom('stock_alerts')
    .select(['product_id', 'variant_id', 'created_at'])
    .where('email', '=', email)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.variant_id === '' ? null : row.variant_id,
    createdAt: toIsoString(row.created_at),
  }));
}

export async function removeAlertsOf(db: Db, email: string): Promise<void> {
  await db.deleteFrom('stock_alerts').where('email', '=', email).execute();
}
