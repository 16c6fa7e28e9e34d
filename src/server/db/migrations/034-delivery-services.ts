import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Delivery the owner sets: products and their options weigh something (grams, 0 until the owner
 * says; an option's 0 is its product's weight), and an order keeps the service it was sold with
 * (JSON: id, name, price, tracked, signed, collect and the dates given), the day it should go out
 * by (`YYYY-MM-DD`, UK), from which the desk counts it late, and what it weighed. Orders from
 * before keep null: a parcel by the one service there was.
 */
export function deliveryServices(): Migration {
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
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['weight_grams', 'dispatch_by', 'delivery']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      for (const table of ['product_variants', 'products']) {
        await db.schema.alterTable(table).dropColumn('weight_grams').execute();
      }
    },
  };
}
