import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Offers of more kinds: a voucher is an amount off (as every voucher before was), a percentage
 * (with an optional cap) or the delivery price (optionally for some services); it may start on a
 * date, apply to some shelves and products (JSON: `{ categories, products }`; null for the whole
 * order) and stack on a promotion. Promotions are the same offers with no code, live from one
 * moment to another. An order keeps what promotions took off and every discount it got (JSON:
 * `[{ source, name, code, amountPence }]`; null before), and each line what was taken off it.
 */
export function offersAndLineDiscounts(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('vouchers')
        .addColumn('kind', 'text', (col) => col.notNull().defaultTo('amount'))
        .execute();
      await db.schema.alterTable('vouchers').addColumn('percent', 'integer').execute();
      await db.schema.alterTable('vouchers').addColumn('cap_pence', 'integer').execute();
      await db.schema.alterTable('vouchers').addColumn('services', 'text').execute();
      await db.schema.alterTable('vouchers').addColumn('applies_to', 'text').execute();
      await db.schema.alterTable('vouchers').addColumn('starts_at', timestamp).execute();
      await db.schema
        .alterTable('vouchers')
        .addColumn('stacks', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('promotions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('discount_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('percent', 'integer')
        .addColumn('cap_pence', 'integer')
        .addColumn('services', 'text')
        .addColumn('applies_to', 'text')
        .addColumn('min_spend_pence', 'integer')
        .addColumn('starts_at', timestamp, (col) => col.notNull())
        .addColumn('ends_at', timestamp, (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('promotions_ends_idx')
        .on('promotions')
        .columns(['ends_at', 'starts_at'])
        .execute();
      await db.schema
        .alterTable('orders')
        .addColumn('promotion_discount_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('orders').addColumn('discounts', 'text').execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('discount_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('order_items').dropColumn('discount_pence').execute();
      await db.schema.alterTable('orders').dropColumn('discounts').execute();
      await db.schema.alterTable('orders').dropColumn('promotion_discount_pence').execute();
      await db.schema.dropTable('promotions').execute();
      for (const column of [
        'stacks',
        'starts_at',
        'applies_to',
        'services',
        'cap_pence',
        'percent',
        'kind',
      ]) {
        await db.schema.alterTable('vouchers').dropColumn(column).execute();
      }
    },
  };
}
