import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { newId } from '../../sql/ids';

/** How many guests' rows one statement writes while the existing guests are gathered. */
const BATCH = 500;

/**
 * Guests are customers too, known by the email they checked out with: one row each, named as
 * they last gave their name, dated by their first order and found along the same order as the
 * accounts (newest first). Their orders are found by that email (a guest's order keeps its link's
 * key until it joins an account). Staff's notes on a customer, an account or a guest, are kept by
 * the customer's id. The guests who have ordered already are gathered at once.
 */
export function guestCustomersAndNotes(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('guest_customers')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('last_order_at', timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('guest_customers_newest_idx')
        .on('guest_customers')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_guest_email_idx')
        .on('orders')
        .columns(['user_email', 'created_at'])
        .where(sql.ref('guest_key_hash'), 'is not', null)
        .execute();
      await db.schema
        .createTable('customer_notes')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('customer_id', 'text', (col) => col.notNull())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('by_name', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('customer_notes_customer_idx')
        .on('customer_notes')
        .columns(['customer_id', 'at'])
        .execute();

      const { rows } = await sql<{
        email: string;
        first: string | Date;
        last: string | Date;
      }>`select user_email as email, min(created_at) as first, max(created_at) as last
           from orders where guest_key_hash is not null group by user_email`.execute(db);
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const named = await sql<{ email: string; name: string }>`
          select user_email as email, user_name as name from orders
           where guest_key_hash is not null
             and user_email in (${sql.join(batch.map((row) => row.email))})
           order by created_at`.execute(db);
        // The name a guest last gave: the newest order's, read last.
        const names = new Map(named.rows.map((row) => [row.email, row.name]));
        const values = batch.map(
          (row) =>
            sql`(${newId()}, ${row.email}, ${names.get(row.email) ?? ''}, ${new Date(row.first).toISOString()}, ${new Date(row.last).toISOString()})`,
        );
        await sql`insert into guest_customers (id, email, name, created_at, last_order_at)
          values ${sql.join(values)}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('customer_notes').execute();
      await db.schema.dropIndex('orders_guest_email_idx').execute();
      await db.schema.dropTable('guest_customers').execute();
    },
  };
}
