import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { remakeUpdateTriggers } from './037-price-history';
import { COLUMNS_BESIDE_STOCK as COLUMNS_OF_042 } from './042-made-to-order-and-pre-orders';

/**
 * Every column of `products` and `product_variants` but their stock, the personalisation now
 * among them: on SQLite a personalisation offered, changed or ended alone is a change a product's
 * answer shows (migration 023's triggers, made again with it).
 */
export const COLUMNS_BESIDE_STOCK = {
  products: [...COLUMNS_OF_042.products, 'personalisation'],
  product_variants: [...COLUMNS_OF_042.product_variants],
} as const;

/**
 * Personalised items, and returns that say why. A product may offer personalisation (JSON:
 * `{ label, maxLength, lines, characters, pricePence, pricePerCharacterPence, required }`, null
 * for none); an order's line keeps the buyer's text with what the product called it and what the
 * text cost (JSON: `{ label, text, pricePence }`, null for none), so the same product with two
 * texts is two lines. A return request keeps its kind (`changed-mind`, `faulty`,
 * `not-as-described`, `wrong-size`; null for a request from before, which was a change of mind).
 */
export function personalisation(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('personalisation', 'text').execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_BESIDE_STOCK);
      await db.schema.alterTable('order_items').addColumn('personalisation', 'text').execute();
      await db.schema.alterTable('orders').addColumn('return_kind', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('return_kind').execute();
      await db.schema.alterTable('order_items').dropColumn('personalisation').execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_OF_042);
      await db.schema.alterTable('products').dropColumn('personalisation').execute();
    },
  };
}
