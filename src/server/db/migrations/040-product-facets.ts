import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { COLUMNS_BESIDE_STOCK as COLUMNS_OF_037, remakeUpdateTriggers } from './037-price-history';

const FACETS = ['metal', 'stone', 'colour', 'material'] as const;

/**
 * Every column of `products` and `product_variants` but their stock, the facets now among them:
 * on SQLite a facet changed alone is a change a listing shows (migration 023's triggers, made
 * again with them).
 */
export const COLUMNS_BESIDE_STOCK = {
  products: [...COLUMNS_OF_037.products, ...FACETS],
  product_variants: [...COLUMNS_OF_037.product_variants],
} as const;

/**
 * A product's facets, what shoppers filter shelves by: its metal, stone, colour and material,
 * each a value of the shop's own lists (`src/shared/catalog/facets.ts`) or null. And the items
 * sold found by their product, for the units each product has sold (sorting by best selling).
 */
export function productFacets(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const facet of FACETS) {
        await db.schema.alterTable('products').addColumn(facet, 'text').execute();
      }
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_BESIDE_STOCK);
      await db.schema
        .createIndex('order_items_product_idx')
        .on('order_items')
        .column('product_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('order_items_product_idx').execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_OF_037);
      for (const facet of FACETS) {
        await db.schema.alterTable('products').dropColumn(facet).execute();
      }
    },
  };
}
