import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * The payment ledger (each payment's state and capture, every refund asked of the provider), the
 * order's status with its events, UK delivery addresses, parcel tracking, returns, and the rules
 * a voucher may carry. Orders made before keep their meaning: their status comes from their dates.
 */
export function paymentLedgerAndOrderLife(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('payments')
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('opened')
            .check(sql`status in ('opened', 'captured', 'fulfilled', 'refunded', 'refund_failed')`),
        )
        .execute();
      await db.schema.alterTable('payments').addColumn('capture_id', 'text').execute();
      await db.schema.alterTable('payments').addColumn('captured_pence', 'integer').execute();
      await db.schema
        .createIndex('payments_capture_idx')
        .unique()
        .on('payments')
        .column('capture_id')
        .execute();
      await sql`update payments set status = 'fulfilled',
        capture_id = (select capture_id from orders where orders.payment_id = payments.id),
        captured_pence = (select total_pence from orders where orders.payment_id = payments.id)
        where id in (select payment_id from orders)`.execute(db);

      const addText = (column: string) =>
        db.schema
          .alterTable('orders')
          .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
          .execute();
      for (const column of ['recipient_name', 'line2', 'county', 'phone']) await addText(column);
      await sql`update orders set recipient_name = user_name`.execute(db);
      await db.schema
        .alterTable('orders')
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('paid')
            .check(
              sql`status in ('paid', 'dispatched', 'delivered', 'cancelled', 'return_requested', 'refunded')`,
            ),
        )
        .execute();
      await sql`update orders set status = case
        when delivered_at is not null then 'delivered'
        when dispatched_at is not null then 'dispatched'
        else 'paid' end`.execute(db);
      // What has gone back to the shopper, or is on its way: never more than the total.
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_pence', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`refunded_pence >= 0 and refunded_pence <= total_pence`),
        )
        .execute();
      for (const column of [
        'tracking_carrier',
        'tracking_number',
        'tracking_url',
        'return_reason',
      ]) {
        await db.schema.alterTable('orders').addColumn(column, 'text').execute();
      }
      await db.schema.alterTable('orders').addColumn('return_requested_at', timestamp).execute();
      await db.schema.createIndex('orders_status_idx').on('orders').column('status').execute();

      await db.schema.alterTable('order_items').addColumn('variant_id', 'text').execute();
      await db.schema.alterTable('order_items').addColumn('variant_label', 'text').execute();

      await db.schema
        .createTable('order_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('order_id', 'text', (col) =>
          col.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('by_name', 'text', (col) => col.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema
        .createIndex('order_events_order_idx')
        .on('order_events')
        .columns(['order_id', 'at'])
        .execute();

      // Payments and their captures are referred to by id, not by key: a refund owed must outlive
      // the customer's account.
      await db.schema
        .createTable('refunds')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('payment_id', 'text', (col) => col.notNull())
        .addColumn('capture_id', 'text', (col) => col.notNull())
        .addColumn('order_id', 'text', (col) => col.references('orders.id').onDelete('set null'))
        .addColumn('amount_pence', 'integer', (col) => col.notNull().check(sql`amount_pence > 0`))
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
        )
        // The provider's idempotency key: a retry of the same refund never pays twice.
        .addColumn('request_id', 'text', (col) => col.notNull().unique())
        .addColumn('error', 'text')
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
      await db.schema.createIndex('refunds_status_idx').on('refunds').column('status').execute();

      await db.schema.alterTable('vouchers').addColumn('min_spend_pence', 'integer').execute();
      await db.schema.alterTable('vouchers').addColumn('max_uses', 'integer').execute();
      await db.schema
        .alterTable('vouchers')
        .addColumn('once_per_customer', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('vouchers')
        .addColumn('uses', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`uses >= 0`),
        )
        .execute();
      // One row per order that used a voucher. Its customer key is the customer's id when the
      // voucher is once per customer, and the order's own id otherwise, so the unique index
      // refuses exactly a second use by the same customer.
      await db.schema
        .createTable('voucher_redemptions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('voucher_id', 'text', (col) =>
          col.notNull().references('vouchers.id').onDelete('cascade'),
        )
        .addColumn('order_id', 'text', (col) =>
          col.notNull().references('orders.id').onDelete('cascade'),
        )
        .addColumn('customer_key', 'text', (col) => col.notNull())
        .addUniqueConstraint('voucher_redemptions_once', ['voucher_id', 'customer_key'])
        .execute();
      await db.schema
        .createIndex('voucher_redemptions_order_idx')
        .on('voucher_redemptions')
        .column('order_id')
        .execute();
    },
  };
}
