import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Orders keep their own copy of everything they were sold with (names, prices, the buyer's name),
 * so deleting a product or a user never changes an order. Money is integer pence.
 */
export function vouchersPaymentsAndOrders(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vouchers')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('code', 'text', (col) => col.notNull())
        // The code as compared: lower-cased, so codes are unique whatever their case.
        .addColumn('code_key', 'text', (col) => col.notNull().unique())
        .addColumn('discount_pence', 'integer', (col) =>
          col.notNull().check(sql`discount_pence >= 0`),
        )
        .addColumn('expires_at', timestamp, (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('draft')
            .check(sql`status in ('draft', 'live')`),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();

      // A payment opened with the provider for one customer and one total.
      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('total_pence', 'integer', (col) => col.notNull().check(sql`total_pence > 0`))
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (col) => col.notNull())
        .addColumn('user_email', 'text', (col) => col.notNull())
        .addColumn('address', 'text', (col) => col.notNull())
        .addColumn('city', 'text', (col) => col.notNull())
        .addColumn('postal_code', 'text', (col) => col.notNull())
        .addColumn('country', 'text', (col) => col.notNull())
        .addColumn('payment_method', 'text', (col) => col.notNull())
        .addColumn('items_pence', 'integer', (col) => col.notNull().check(sql`items_pence >= 0`))
        .addColumn('shipping_pence', 'integer', (col) =>
          col.notNull().check(sql`shipping_pence >= 0`),
        )
        .addColumn('tax_pence', 'integer', (col) => col.notNull().check(sql`tax_pence >= 0`))
        .addColumn('voucher_name', 'text')
        .addColumn('voucher_code', 'text')
        .addColumn('voucher_discount_pence', 'integer', (col) =>
          col.notNull().check(sql`voucher_discount_pence >= 0`),
        )
        .addColumn('total_pence', 'integer', (col) => col.notNull().check(sql`total_pence >= 0`))
        .addColumn('notes', 'text', (col) => col.notNull())
        // One order per payment and per capture, however often the request is repeated.
        .addColumn('payment_id', 'text', (col) => col.notNull().unique())
        .addColumn('capture_id', 'text', (col) => col.notNull().unique())
        .addColumn('payment_status', 'text', (col) => col.notNull())
        .addColumn('payer_email', 'text', (col) => col.notNull())
        .addColumn('payment_update_time', 'text', (col) => col.notNull())
        .addColumn('paid_at', timestamp)
        .addColumn('dispatched_at', timestamp)
        .addColumn('delivered_at', timestamp)
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();
      await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

      await db.schema
        .createTable('order_items')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('order_id', 'text', (col) =>
          col.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('product_id', 'text', (col) =>
          col.references('products.id').onDelete('set null'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('brand', 'text', (col) => col.notNull())
        .addColumn('image', 'text', (col) => col.notNull())
        .addColumn('price_pence', 'integer', (col) => col.notNull().check(sql`price_pence >= 0`))
        .addColumn('qty', 'integer', (col) => col.notNull().check(sql`qty > 0`))
        .execute();
      await db.schema
        .createIndex('order_items_order_idx')
        .on('order_items')
        .column('order_id')
        .execute();
    },
  };
}
