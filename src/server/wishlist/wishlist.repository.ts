import type { Dialect } from '../db/database';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';

/** What a wishlist keeps: a product, or one variant of it, and when. */
export interface WishlistRow {
  productId: string;
  /** Null for the product itself. */
  variantId: string | null;
  addedAt: string;
}

/** The customer's entries, the one added most recently first. */
export async function listEntries(db: Db, userId: string): Promise<WishlistRow[]> {
  const rows = await db
    .selectFrom('wishlist_entries')
    .select(['product_id', 'variant_id', 'added_at'])
    .where('user_id', '=', userId)
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    variantId: row.variant_id,
    addedAt: toIsoString(row.added_at),
  }));
}

/**
 * Holds the customer's list until the transaction ends, so that two additions at once cannot both
 * take its last place. PostgreSQL locks the account's row; SQLite runs one transaction at a time.
 */
export async function lockWishlist(db: Db, dialect: Dialect, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** When the customer last added an entry, if they keep any. */
export async function latestAddition(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('wishlist_entries')
    .select('added_at')
    .where('user_id', '=', userId)
    .orderBy('added_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toIsoString(row.added_at);
}

export async function countEntries(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('wishlist_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('entries'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.entries);
}

/** Whether the customer keeps this product (and variant, or none) already. */
export async function hasEntry(
  db: Db,
  userId: string,
  productId: string,
  variantId: string | null,
): Promise<boolean> {
  const row = await db
    .selectFrom('wishlist_entries')
    .select('id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', variantId === null ? 'is' : '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the entry unless the customer keeps it already (then it keeps its first date). */
export async function addEntry(
  db: Db,
  entry: {
    id: string;
    userId: string;
    productId: string;
    variantId: string | null;
    addedAt: string;
  },
): Promise<void> {
  await db
    .insertInto('wishlist_entries')
    .values({
      id: entry.id,
      user_id: entry.userId,
      product_id: entry.productId,
      variant_id: entry.variantId,
      added_at: entry.addedAt,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function removeEntry(
  db: Db,
  userId: string,
  productId: string,
  variantId: string | null,
): Promise<void> {
  await db
    .deleteFrom('wishlist_entries')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('variant_id', variantId === null ? 'is' : '=', variantId)
    .execute();
}

/** Empties the customer's list: for an account that closes without its row being deleted. */
export async function removeAllEntries(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('wishlist_entries').where('user_id', '=', userId).execute();
}
