import type { Department } from '../../shared/catalog/shelves';
import { DEPARTMENTS } from '../../shared/catalog/shelves';
import type { Db } from '../db/schema';
import { productColumns, withVariants, type ProductRecord } from './catalog.repository';

// Live products whole (variants and pictures too), in the sitemap's order (oldest first, by id
// among those made at the same moment), read from products_sitemap_idx by where the last read
// stopped, never by an offset from the start: the thousandth read costs what the first did.

/** A live product's place in that order, as the database gave it back. */
export interface FeedPlace {
  /** Text on SQLite, a Date on PostgreSQL: handed back to the database as it came. */
  createdAt: string | Date;
  id: string;
}

/** A live product as a product feed reads it: the product, its department and its place. */
export interface FeedProductRecord {
  product: ProductRecord;
  /** The department it is shelved in (decided when it was saved), or null. */
  department: Department | null;
  place: FeedPlace;
}

const departmentOfRow = (value: string | null): Department | null =>
  DEPARTMENTS.find((department) => department === value) ?? null;

/**
 * Up to `limit` live products just after `after` (from the first when it is undefined), leaving
 * out those in `exceptCategories`.
 */
export async function liveProductsForFeedAfter(
  db: Db,
  after: FeedPlace | undefined,
  limit: number,
  exceptCategories: readonly string[],
): Promise<FeedProductRecord[]> {
  let live = db.selectFrom('products').where('status', '=', 'live');
  if (exceptCategories.length > 0) live = live.where('category', 'not in', [...exceptCategories]);
  if (after) {
    live = live.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
    );
  }
  const rows = await live
    .select([...productColumns, 'products.department'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const products = await withVariants(db, rows);
  return rows.flatMap((row, index) => {
    const product = products[index];
    return product
      ? [
          {
            product,
            department: departmentOfRow(row.department),
            place: { createdAt: row.created_at, id: row.id },
          },
        ]
      : [];
  });
}
