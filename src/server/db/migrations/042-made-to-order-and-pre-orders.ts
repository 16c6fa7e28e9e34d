import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { remakeUpdateTriggers } from './037-price-history';
import { COLUMNS_BESIDE_STOCK as COLUMNS_OF_040 } from './040-product-facets';

const PRODUCT_COLUMNS = [
  'made_to_order_days',
  'preorder_release',
  'preorder_limit',
  'preorder_sold',
] as const;

/**
 * Every column of `products` and `product_variants` but their stock, made to order and pre-orders
 * now among them: on SQLite a lead time, a release date or a pre-order sold is a change a listing
 * shows (migration 023's triggers, made again with them).
 */
export const COLUMNS_BESIDE_STOCK = {
  products: [...COLUMNS_OF_040.products, ...PRODUCT_COLUMNS],
  product_variants: [...COLUMNS_OF_040.product_variants, 'made_to_order_days'],
} as const;

const leadDaysCheck = sql`made_to_order_days is null or made_to_order_days between 1 and 60`;

/**
 * Goods made for the buyer. A product, or one of its variants, may be made to order: sold with no
 * stock limit and dispatched after `made_to_order_days` working days. A product may be on
 * pre-order: with none in stock it sells up to `preorder_limit` units in all (`preorder_sold`
 * counts them) before `preorder_release`, a UK day. Each order line keeps what it was sold as, so
 * the order keeps its promise when the product changes later.
 */
export function madeToOrderAndPreorders(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('products')
        .addColumn('made_to_order_days', 'integer', (col) => col.check(leadDaysCheck))
        .execute();
      await db.schema.alterTable('products').addColumn('preorder_release', 'text').execute();
      await db.schema
        .alterTable('products')
        .addColumn('preorder_limit', 'integer', (col) =>
          col.check(sql`preorder_limit is null or preorder_limit >= 1`),
        )
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('preorder_sold', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`preorder_sold >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('product_variants')
        .addColumn('made_to_order_days', 'integer', (col) => col.check(leadDaysCheck))
        .execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_BESIDE_STOCK);
      await db.schema
        .alterTable('order_items')
        .addColumn('made_to_order_days', 'integer')
        .execute();
      await db.schema.alterTable('order_items').addColumn('preorder_release', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('order_items').dropColumn('preorder_release').execute();
      await db.schema.alterTable('order_items').dropColumn('made_to_order_days').execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_OF_040);
      await db.schema.alterTable('product_variants').dropColumn('made_to_order_days').execute();
      for (const column of [...PRODUCT_COLUMNS].reverse()) {
        await db.schema.alterTable('products').dropColumn(column).execute();
      }
    },
  };
}
