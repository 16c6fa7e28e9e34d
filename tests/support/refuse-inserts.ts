import { sql } from 'kysely';
import type { TestShop } from './test-shop';

/**
 * Makes the database itself refuse (or accept again) every new row of a table, as a full disk or a
 * broken constraint would: a failure the shop meets in the middle of its work.
 */
export async function refuseInserts(
  { database }: TestShop,
  table: 'orders' | 'mail_outbox' | 'refunds',
  refuse: boolean,
): Promise<void> {
  const { db, dialect } = database;
  const trigger = sql.raw(`refuse_${table}`);
  const on = sql.table(table);
  if (dialect === 'sqlite') {
    await (
      refuse
        ? sql`create trigger ${trigger} before insert on ${on} begin select raise(abort, 'rows refused'); end`
        : sql`drop trigger if exists ${trigger}`
    ).execute(db);
    return;
  }
  if (refuse) {
    await sql`create or replace function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'rows refused'; end $$`.execute(
      db,
    );
    await sql`create trigger ${trigger} before insert on ${on} for each row execute function ${trigger}()`.execute(
      db,
    );
  } else {
    await sql`drop trigger if exists ${trigger} on ${on}`.execute(db);
  }
}
