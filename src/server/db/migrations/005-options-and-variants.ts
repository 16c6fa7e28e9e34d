import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Options with their own stock: a product's option groups and specifications (small lists kept as
 * JSON beside it), a row per variant with its SKU, price and stock, and the addresses waiting to
 * hear that a sold-out variant is back. A product keeps its own price and stock, which for a
 * product with variants are its lowest variant price and the sum of its variants' stock.
 */
export function optionsAndVariants(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['options', 'specifications']) {
        await db.schema
          .alterTable('products')
          .addColumn(column, 'text', (col) => col.notNull().defaultTo('[]'))
          .execute();
      }

      await db.schema
        .createTable('product_variants')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('product_id', 'text', (col) =>
          col.notNull().references('products.id').onDelete('cascade'),
        )
        // `{"Size":"M"}`, and the same values in the product's group order, one key per combination.
        .addColumn('options', 'text', (col) => col.notNull())
        .addColumn('combination', 'text', (col) => col.notNull())
        .addColumn('sku', 'text', (col) => col.notNull())
        .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
        .addColumn('count_in_stock', 'integer', (col) =>
          col.notNull().check(sql`count_in_stock >= 0`),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('product_variants_combination_key', ['product_id', 'combination'])
        .execute();
      await db.schema
        .createIndex('product_variants_sku_idx')
        .unique()
        .on('product_variants')
        .column('sku')
        .execute();
      await db.schema
        .createIndex('product_variants_product_idx')
        .on('product_variants')
        .columns(['product_id', 'position'])
        .execute();

      // An empty variant id waits for the product itself (one sold without options).
      await db.schema
        .createTable('stock_alerts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('product_id', 'text', (col) =>
          col.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addUniqueConstraint('stock_alerts_once_key', ['product_id', 'variant_id', 'email'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stock_alerts').execute();
      await db.schema.dropTable('product_variants').execute();
      for (const column of ['options', 'specifications']) {
        await db.schema.alterTable('products').dropColumn(column).execute();
      }
    },
  };
}
