import { sql } from 'kysely';
import type { TestShop } from './test-shop';

/**
 * Makes the database itself refuse (or accept again) every new order, as a full disk or a broken
 * constraint would: a failure the shop meets after the payment has been captured.
 */
export async function refuseOrderInserts({ database }: TestShop, refuse: boolean): Promise<void> {
  const { db, dialect } = database;
  if (dialect === 'sqlite') {
    await (
      refuse
        ? sql`create trigger refuse_orders before insert on orders begin select raise(abort, 'orders refused'); end`
        : sql`drop trigger if exists refuse_orders`
    ).execute(db);
    return;
  }
  if (refuse) {
    await sql`create or replace function refuse_orders() returns trigger language plpgsql as $$ begin raise exception 'orders refused'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_orders before insert on orders for each row execute function refuse_orders()`.execute(
      db,
    );
  } else {
    await sql`drop trigger if exists refuse_orders on orders`.execute(db);
  }
}
