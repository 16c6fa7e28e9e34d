import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { remakeSqliteTable } from './remake-sqlite-table';

const CUSTOMERS_ONLY = '"user_id" text not null references "users" ("id") on delete cascade';
const GUESTS_TOO = '"user_id" text references "users" ("id") on delete set null';

/**
 * Guests and gifts. A payment may be a guest's, with no account: its `user_id` may be empty, and
 * the guest's email is kept with it, so that only the same guest can place its order. A closed
 * account's payments stay in the ledger, no longer anyone's (they went with the account before,
 * and their refunds with them). A guest's
 * order keeps the hash of the key its link carries (never the key). An order may be a gift: its
 * message for the slip is then kept (empty when there is none; null: not a gift), and the price of
 * gift wrap when it was chosen (0 when not).
 */
export function guestsAndGifts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await remakeSqliteTable(db, 'payments', (created) =>
          created.includes(CUSTOMERS_ONLY)
            ? created.replace(CUSTOMERS_ONLY, GUESTS_TOO)
            : undefined,
        );
      } else {
        await sql`alter table payments alter column user_id drop not null`.execute(db);
        await sql`alter table payments drop constraint payments_user_id_fkey`.execute(db);
        await sql`alter table payments add constraint payments_user_id_fkey
          foreign key (user_id) references users (id) on delete set null`.execute(db);
      }
      await db.schema.alterTable('payments').addColumn('guest_email', 'text').execute();

      await db.schema.alterTable('orders').addColumn('guest_key_hash', 'text').execute();
      await db.schema.alterTable('orders').addColumn('gift_message', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('gift_wrap_pence', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['gift_wrap_pence', 'gift_message', 'guest_key_hash']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
      await db.schema.alterTable('payments').dropColumn('guest_email').execute();
    },
  };
}
