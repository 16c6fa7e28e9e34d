import type { Kysely, Migration } from 'kysely';

/**
 * What the owner's desk and the customer pages read, as indexes, so that they cost the same with
 * a hundred thousand orders and products as with a thousand:
 * - the money taken each day: orders by when they were paid, with their totals beside, so that the
 *   sums are read from the index alone;
 * - the money given back each day: refunds by state and when they were settled (this replaces the
 *   index on state alone, which it begins with);
 * - what runs low: variants, and live products sold one way, by how many are left;
 * - a customer's refunds: payments by who paid, and refunds by payment.
 */
export function deskIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_paid_idx')
        .on('orders')
        .columns(['paid_at', 'total_pence'])
        .execute();
      await db.schema.dropIndex('refunds_status_idx').execute();
      await db.schema
        .createIndex('refunds_settled_idx')
        .on('refunds')
        .columns(['status', 'updated_at'])
        .execute();
      await db.schema
        .createIndex('products_live_stock_idx')
        .on('products')
        .columns(['status', 'count_in_stock', 'id'])
        .execute();
      await db.schema
        .createIndex('product_variants_stock_idx')
        .on('product_variants')
        .columns(['count_in_stock', 'id'])
        .execute();
      await db.schema.createIndex('payments_user_idx').on('payments').column('user_id').execute();
      await db.schema
        .createIndex('refunds_payment_idx')
        .on('refunds')
        .column('payment_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('refunds_payment_idx').execute();
      await db.schema.dropIndex('payments_user_idx').execute();
      await db.schema.dropIndex('product_variants_stock_idx').execute();
      await db.schema.dropIndex('products_live_stock_idx').execute();
      await db.schema.dropIndex('refunds_settled_idx').execute();
      await db.schema.createIndex('refunds_status_idx').on('refunds').column('status').execute();
      await db.schema.dropIndex('orders_paid_idx').execute();
    },
  };
}
