import { sql, type RawBuilder } from 'kysely';
import { FACET_NAMES } from '../../shared/catalog/facets';
import type { Db } from '../db/schema';
import { productColumns, withVariants, type ProductRecord } from './catalog.repository';

/** How many of a category's newest live products "You may also like" chooses from. */
const SIMILAR_CANDIDATES = 48;

/**
 * How many of the product's facets (metal, stone, colour, material) a candidate shares: a silver
 * moonstone pendant is more like another silver moonstone pendant than a gold one. A facet the
 * product does not have counts for nothing.
 */
function sharedFacets(facets: ProductRecord['facets']): RawBuilder<number> | undefined {
  const matches = FACET_NAMES.flatMap((name) => {
    const value = facets[name];
    return value === null
      ? []
      : [sql<number>`case when ${sql.ref(name)} = ${value} then 1 else 0 end`];
  });
  // None to share: nothing to rank by (a bare `order by 0` would name a column by its position).
  return matches.length === 0 ? undefined : sql<number>`(${sql.join(matches, sql` + `)})`;
}

/**
 * Other live products of a category: of its 48 newest, those sharing the most facets with the
 * product first, then those in stock, then the best rated, then the newest. The newest are read in
 * order from products_category_listing_idx (category, status, created_at) and the rest is ranked
 * among them, so the cost stays that of 48 rows however large the category grows (ranking the
 * whole category by facets or rating would read all of it).
 */
export async function findSimilarProducts(
  db: Db,
  product: Pick<ProductRecord, 'id' | 'category' | 'facets'>,
  limit: number,
): Promise<ProductRecord[]> {
  const newest = db
    .selectFrom('products')
    .select(productColumns)
    .where('category', '=', product.category)
    .where('status', '=', 'live')
    .where('id', '!=', product.id)
    .orderBy('created_at', 'desc')
    .limit(SIMILAR_CANDIDATES)
    .as('newest');
  const shared = sharedFacets(product.facets);
  let candidates = db.selectFrom(newest).selectAll();
  if (shared) candidates = candidates.orderBy(shared, 'desc');
  const rows = await candidates
    .orderBy(sql`case when count_in_stock > 0 then 0 else 1 end`)
    .orderBy(
      sql`case when num_reviews > 0 then rating_total * 1.0 / num_reviews else 0 end`,
      'desc',
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return withVariants(db, rows);
}
