import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * An account closed while some of its orders are still open keeps those orders whole until each
 * is settled: `closed_account_at` says when their buyer left, and the partial index finds the few
 * such orders for the background work that forgets each once it is settled. An account's email
 * is proved (`email_proved_at`) once a link mailed to it was followed: only then do the records
 * the shop keeps by email (newsletter sign-up, back-in-stock alerts) count as the account's.
 */
export function openOrdersOutliveClosedAccounts(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('closed_account_at', timestamp).execute();
      await db.schema
        .createIndex('orders_closed_account_idx')
        .on('orders')
        .column('closed_account_at')
        .where(sql.ref('closed_account_at'), 'is not', null)
        .execute();
      await db.schema.alterTable('users').addColumn('email_proved_at', timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('email_proved_at').execute();
      await db.schema.dropIndex('orders_closed_account_idx').execute();
      await db.schema.alterTable('orders').dropColumn('closed_account_at').execute();
    },
  };
}
