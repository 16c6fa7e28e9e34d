import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import {
  COLUMNS_BESIDE_STOCK as COLUMNS_BEFORE,
  makeSqliteUpdateTrigger,
} from './023-catalogue-changes-by-product';

/**
 * Every column of `products` and `product_variants` but their stock, weight now among them: on
 * SQLite a change of weight alone is a change a listing shows (migration 023's triggers, made
 * again with it).
 */
export const COLUMNS_BESIDE_STOCK = {
  products: [...COLUMNS_BEFORE.products, 'weight_grams'],
  product_variants: [...COLUMNS_BEFORE.product_variants, 'weight_grams'],
} as const;

/** SQLite: the update triggers made again with these columns. */
async function remakeUpdateTriggers(
  db: Kysely<unknown>,
  columns: Record<keyof typeof COLUMNS_BESIDE_STOCK, readonly string[]>,
) {
  for (const table of ['products', 'product_variants'] as const) {
    await sql`drop trigger ${sql.id(`${table}_changes_update`)}`.execute(db);
    await makeSqliteUpdateTrigger(db, table, columns[table]);
  }
}

/**
 * Delivery the owner sets: products and their options weigh something (grams, 0 until the owner
 * says; an option's 0 is its product's weight; on SQLite the catalogue's change triggers are made
 * again to compare it), and an order keeps the service it was sold with
 * (JSON: id, name, price, tracked, signed, collect and the dates given), the day it should go out
 * by (`YYYY-MM-DD`, UK), from which the desk counts it late, and what it weighed. Orders from
 * before keep null: a parcel by the one service there was.
 */
export function deliveryServices(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['products', 'product_variants']) {
        await db.schema
          .alterTable(table)
          .addColumn('weight_grams', 'integer', (col) =>
            col
              .notNull()
              .defaultTo(0)
              .check(sql`weight_grams between 0 and 30000`),
          )
          .execute();
      }
      await db.schema.alterTable('orders').addColumn('delivery', 'text').execute();
      await db.schema.alterTable('orders').addColumn('dispatch_by', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('weight_grams', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_BESIDE_STOCK);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_BEFORE);
      for (const column of ['weight_grams', 'dispatch_by', 'delivery']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      for (const table of ['product_variants', 'products']) {
        await db.schema.alterTable(table).dropColumn('weight_grams').execute();
      }
    },
  };
}
