import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { newId } from '../../sql/ids';
import {
  COLUMNS_BESIDE_STOCK as COLUMNS_BEFORE,
  makeSqliteUpdateTrigger,
} from './023-catalogue-changes-by-product';
import { COLUMNS_BESIDE_STOCK as COLUMNS_OF_034 } from './034-delivery-services';

/**
 * Every column of `products` and `product_variants` but their stock, the was price now among
 * them: on SQLite a was price set or ended alone is a change a listing shows (migration 023's
 * triggers, made again with it).
 */
export const COLUMNS_BESIDE_STOCK = {
  products: [...COLUMNS_OF_034.products, 'compare_at_pence'],
  product_variants: [...COLUMNS_OF_034.product_variants, 'compare_at_pence'],
} as const;

/** SQLite: the update triggers made again with these columns. */
export async function remakeUpdateTriggers(
  db: Kysely<unknown>,
  columns: Record<keyof typeof COLUMNS_BEFORE, readonly string[]>,
) {
  for (const table of ['products', 'product_variants'] as const) {
    await sql`drop trigger ${sql.id(`${table}_changes_update`)}`.execute(db);
    await makeSqliteUpdateTrigger(db, table, columns[table]);
  }
}

/** How many opening periods one statement writes while the catalogue's prices are gathered. */
const BATCH = 500;

/**
 * Sale prices with founded was prices: products and variants may have a was price (pence, above
 * their price; null when not on sale), and the shop keeps each one's price history, a row per
 * stretch of time it sold at one price (`valid_to` null for the price now; at most one such row
 * an item), written by every change of a price in the same transaction. A variant's rows have its
 * id; a product's own have none (for a product sold in options, its own price is its lowest
 * variant price). Every product and variant there is now opens its history at its price, from
 * when it was made, so that no history is empty.
 */
export function priceHistory(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['products', 'product_variants']) {
        await db.schema
          .alterTable(table)
          .addColumn('compare_at_pence', 'integer', (col) =>
            col.check(sql`compare_at_pence is null or compare_at_pence > price_pence`),
          )
          .execute();
      }
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_BESIDE_STOCK);

      await db.schema
        .createTable('price_history')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('product_id', 'text', (col) =>
          col.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'text', (col) =>
          col.references('product_variants.id').onDelete('cascade'),
        )
        .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
        .addColumn('valid_from', timestamp, (col) => col.notNull())
        .addColumn('valid_to', timestamp)
        .execute();
      await db.schema
        .createIndex('price_history_item_idx')
        .on('price_history')
        .columns(['product_id', 'variant_id', 'valid_from'])
        .execute();
      // One price now for each item: a product's own (no variant), or a variant's.
      await sql`create unique index price_history_open_idx
        on price_history (product_id, coalesce(variant_id, ''))
        where valid_to is null`.execute(db);

      const products = await sql<{
        product_id: string;
        variant_id: string | null;
        price_pence: number;
        created_at: string | Date;
      }>`select id as product_id, null as variant_id, price_pence, created_at from products
         union all
         select product_id, id as variant_id, price_pence, created_at from product_variants`.execute(
        db,
      );
      for (let start = 0; start < products.rows.length; start += BATCH) {
        const values = products.rows
          .slice(start, start + BATCH)
          .map(
            (row) =>
              sql`(${newId()}, ${row.product_id}, ${row.variant_id}, ${row.price_pence}, ${new Date(row.created_at).toISOString()})`,
          );
        await sql`insert into price_history (id, product_id, variant_id, price_pence, valid_from)
          values ${sql.join(values)}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('price_history').execute();
      if (dialect === 'sqlite') await remakeUpdateTriggers(db, COLUMNS_OF_034);
      for (const table of ['product_variants', 'products']) {
        await db.schema.alterTable(table).dropColumn('compare_at_pence').execute();
      }
    },
  };
}
