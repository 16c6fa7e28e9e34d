import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Baskets the shop keeps: a signed-in customer's (one per account, going with it), and a guest's
 * who asked to be reminded of it (one per address, `user_id` null). `items` holds the lines as
 * JSON, `item_count` how many lines, so that empty baskets are passed by without reading it.
 * `reminders_passed` counts the reminder steps gone by since the basket was last filled, sent or
 * not (no consent stood); the steps are claimed with it, once across instances.
 *
 * A basket is opened by any of its keys: the token a guest was given, or a reminder's link. Only
 * a key's SHA-256 is kept. Each reminder sent is recorded (to whom, which step, when), for the
 * desk to count the orders that followed (found by the buyer's address); the record outlives the
 * basket.
 */
export function keptBaskets(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kept_baskets')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('items', 'text', (col) => col.notNull())
        .addColumn('item_count', 'integer', (col) => col.notNull())
        .addColumn('changed_at', timestamp, (col) => col.notNull())
        .addColumn('reminders_passed', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addCheckConstraint('kept_baskets_whose', sql`(user_id is null) <> (email is null)`)
        .execute();
      await db.schema
        .createIndex('kept_baskets_user_key')
        .unique()
        .on('kept_baskets')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('kept_baskets_guest_email_key')
        .unique()
        .on('kept_baskets')
        .column('email')
        .where(sql.ref('user_id'), 'is', null)
        .execute();
      // The reminders due: the baskets holding something, by step and by when they changed.
      await db.schema
        .createIndex('kept_baskets_due_idx')
        .on('kept_baskets')
        .columns(['reminders_passed', 'changed_at'])
        .where(sql.ref('item_count'), '>', 0)
        .execute();
      // Guests' baskets left untouched, forgotten oldest first.
      await db.schema
        .createIndex('kept_baskets_guest_changed_idx')
        .on('kept_baskets')
        .column('changed_at')
        .where(sql.ref('user_id'), 'is', null)
        .execute();
      await db.schema
        .createTable('kept_basket_keys')
        .addColumn('key_hash', 'text', (col) => col.primaryKey())
        .addColumn('basket_id', 'text', (col) =>
          col.notNull().references('kept_baskets.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('kept_basket_keys_basket_idx')
        .on('kept_basket_keys')
        .column('basket_id')
        .execute();
      await db.schema
        .createTable('basket_reminders')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('step', 'integer', (col) => col.notNull())
        .addColumn('sent_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('basket_reminders_sent_idx')
        .on('basket_reminders')
        .columns(['sent_at', 'email'])
        .execute();
      // The orders that followed a reminder or a letter, found by the buyer's address.
      await db.schema
        .createIndex('orders_email_paid_idx')
        .on('orders')
        .columns(['user_email', 'paid_at'])
        .execute();
      await db.schema
        .createIndex('basket_reminders_email_idx')
        .on('basket_reminders')
        .column('email')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_email_paid_idx').execute();
      await db.schema.dropTable('basket_reminders').execute();
      await db.schema.dropTable('kept_basket_keys').execute();
      await db.schema.dropTable('kept_baskets').execute();
    },
  };
}
