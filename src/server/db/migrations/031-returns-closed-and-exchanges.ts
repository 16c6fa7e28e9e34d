import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * A return is closed by the shop: refunded, exchanged or rejected, with a note for the customer,
 * and when. An exchange sends the replacement as an order of its own, which names the order it
 * replaces (`exchange_for`); the index finds an order's replacement from the order.
 */
export function returnsClosedAndExchanges(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('return_outcome', 'text', (col) =>
          col.check(sql`return_outcome in ('refunded', 'exchanged', 'rejected')`),
        )
        .execute();
      await db.schema.alterTable('orders').addColumn('return_note', 'text').execute();
      await db.schema.alterTable('orders').addColumn('return_closed_at', timestamp).execute();
      await db.schema
        .alterTable('orders')
        .addColumn('exchange_for', 'text', (col) =>
          col.references('orders.id').onDelete('set null'),
        )
        .execute();
      await db.schema
        .createIndex('orders_exchange_for_idx')
        .on('orders')
        .column('exchange_for')
        .where(sql.ref('exchange_for'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_exchange_for_idx').execute();
      for (const column of ['exchange_for', 'return_closed_at', 'return_note', 'return_outcome']) {
        await db.schema.alterTable('orders').dropColumn(column).execute();
      }
    },
  };
}
