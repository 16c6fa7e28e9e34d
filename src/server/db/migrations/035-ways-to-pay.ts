import type { Kysely, Migration } from 'kysely';

/**
 * More ways to pay, every one a PayPal order: a payment in the ledger keeps the way it was opened
 * for (`paypal`, `card`, `apple-pay` or `google-pay`; those opened before were PayPal's), and an
 * order keeps how it was paid as JSON (`method`, `brand`, `last4`, `liabilityShift`). Orders from
 * before keep null: paid through PayPal's buttons, or a replacement sent at no charge.
 */
export function waysToPay(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('payments')
        .addColumn('method', 'text', (col) => col.notNull().defaultTo('paypal'))
        .execute();
      await db.schema.alterTable('orders').addColumn('payment', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('payment').execute();
      await db.schema.alterTable('payments').dropColumn('method').execute();
    },
  };
}
