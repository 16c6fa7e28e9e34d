import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * What an order's item has had put back into stock, across all its refunds and a cancellation,
 * so that it never exceeds what was bought. Items of orders cancelled before were all put back.
 *
 * A payment's `check_after` is when the reconciler may next ask the provider about a payment the
 * ledger has not closed (placing its order pushes it 5 minutes on, so that the two never act on
 * one payment at once), and `unfulfilled_at` when the shop decided it makes no order: from then
 * on it is refunded and never fulfilled.
 *
 * Voucher expiry dates are ISO 8601 with four-digit years from now on. SQLite kept what it was
 * given, so a year beyond 9999 (`+099999-01-01T…`) or before 0 is brought within them.
 */
export function refundReservesAndReconciling(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('order_items')
        .addColumn('restocked_qty', 'integer', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`restocked_qty >= 0`),
        )
        .execute();
      await sql`update order_items set restocked_qty = qty
        where order_id in (select id from orders where status = 'cancelled')`.execute(db);

      if (dialect === 'sqlite') {
        await sql`update vouchers set expires_at = '9999-12-31T23:59:59.999Z'
          where expires_at like '+%'`.execute(db);
        await sql`update vouchers set expires_at = '0000-01-01T00:00:00.000Z'
          where expires_at like '-%'`.execute(db);
      }

      // SQLite adds one column per statement.
      await db.schema.alterTable('payments').addColumn('check_after', timestamp).execute();
      await db.schema.alterTable('payments').addColumn('unfulfilled_at', timestamp).execute();
      await db.schema
        .createIndex('payments_check_idx')
        .on('payments')
        .columns(['status', 'check_after'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('payments_check_idx').execute();
      await db.schema.alterTable('payments').dropColumn('unfulfilled_at').execute();
      await db.schema.alterTable('payments').dropColumn('check_after').execute();
      await db.schema.alterTable('order_items').dropColumn('restocked_qty').execute();
    },
  };
}
