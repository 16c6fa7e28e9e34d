import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * A signed-in customer's wishlist: a product, or one variant of it, kept to buy later. An entry
 * goes with the account, with the product and with the variant it names (cascading references),
 * so a list never names what is gone. `variant_id` is null for the product itself; the unique
 * index reads it as '' so that the same product without a variant is kept once too.
 */
export function wishlist(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wishlist_entries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'text', (col) =>
          col.notNull().references('products.id').onDelete('cascade'),
        )
        .addColumn('variant_id', 'text', (col) =>
          col.references('product_variants.id').onDelete('cascade'),
        )
        .addColumn('added_at', timestamp, (col) => col.notNull())
        .execute();
      await sql`create unique index wishlist_entries_once_key on wishlist_entries (user_id, product_id, coalesce(variant_id, ''))`.execute(
        db,
      );
      await db.schema
        .createIndex('wishlist_entries_user_added_idx')
        .on('wishlist_entries')
        .columns(['user_id', 'added_at'])
        .execute();
      // A product's or variant's deletion looks for the entries naming it along these.
      await db.schema
        .createIndex('wishlist_entries_product_idx')
        .on('wishlist_entries')
        .column('product_id')
        .execute();
      await db.schema
        .createIndex('wishlist_entries_variant_idx')
        .on('wishlist_entries')
        .column('variant_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('wishlist_entries').execute();
    },
  };
}
