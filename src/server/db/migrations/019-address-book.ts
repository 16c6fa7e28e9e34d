import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * A signed-in customer's address book: the delivery addresses they saved at checkout, each as the
 * checkout's shipping address is kept (recipient, lines, postcode, phone). `last_used_at` orders
 * the book, most recently saved or chosen first, along the index; the addresses go with the
 * account.
 */
export function addressBook(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_addresses')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('address', 'text', (col) => col.notNull())
        .addColumn('line2', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('city', 'text', (col) => col.notNull())
        .addColumn('county', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('postal_code', 'text', (col) => col.notNull())
        .addColumn('country', 'text', (col) => col.notNull())
        .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('last_used_at', timestamp, (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('saved_addresses_user_used_idx')
        .on('saved_addresses')
        .columns(['user_id', 'last_used_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_addresses').execute();
    },
  };
}
