import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { remakeSqliteTable } from './remake-sqlite-table';

// The rule below is the shop's as this migration was written, copied rather than imported: a
// migration must do the same thing on every database it ever runs on, whatever the app becomes.

const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function orderNumber(): string {
  let characters = '';
  for (let index = 0; index < 8; index += 1) {
    characters += ORDER_NUMBER_ALPHABET.charAt(randomInt(ORDER_NUMBER_ALPHABET.length));
  }
  return `${characters.slice(0, 4)}-${characters.slice(4)}`;
}

const OLD_ROLES = `role in ('customer', 'admin')`;
const NEW_ROLES = `role in ('customer', 'staff', 'admin')`;

/** SQLite cannot change a CHECK constraint in place: the users table is made again with the new one. */
const allowStaffOnSqlite = (db: Kysely<unknown>) =>
  remakeSqliteTable(db, 'users', (created) =>
    created.includes(OLD_ROLES) ? created.replace(OLD_ROLES, NEW_ROLES) : undefined,
  );

async function allowStaffOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (${sql.raw(NEW_ROLES)})`.execute(
    db,
  );
}

/** Gives every order already taken a number people can read out, as placing one does now. */
async function numberOrders(db: Kysely<unknown>): Promise<void> {
  const orders = await sql<{ id: string }>`select id from orders`.execute(db);
  const given = new Set<string>();
  for (const { id } of orders.rows) {
    let number = orderNumber();
    while (given.has(number)) number = orderNumber();
    given.add(number);
    await sql`update orders set order_number = ${number} where id = ${id}`.execute(db);
  }
}

/**
 * The owner's desk: a staff role beside customer and admin; a short number on every order, and
 * the SKU of each line as sold (for pick lists); the
 * words an order is found by (its number, id, customer, recipient, postcode, tracking number,
 * products and SKUs), filled as orders are stored and for older ones at start-up; indexes for the
 * order list's filters; and the audit log, whose entries keep the actor's name and email rather
 * than a reference, so that they outlive the account.
 */
export function ownersDesk(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await allowStaffOnSqlite(db);
      else await allowStaffOnPostgres(db);

      await db.schema.alterTable('order_items').addColumn('sku', 'text').execute();
      await sql`update order_items set sku = (
          select sku from product_variants where product_variants.id = order_items.variant_id)
        where variant_id is not null`.execute(db);

      await db.schema.alterTable('orders').addColumn('order_number', 'text').execute();
      await numberOrders(db);
      await db.schema
        .createIndex('orders_number_idx')
        .on('orders')
        .column('order_number')
        .unique()
        .execute();
      // Newest first, then by id: the order list's paging, which the date alone left to chance.
      await db.schema.dropIndex('orders_created_idx').execute();
      await db.schema
        .createIndex('orders_newest_idx')
        .on('orders')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_status_created_idx')
        .on('orders')
        .columns(['status', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_user_created_idx')
        .on('orders')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('order_words')
        // Words are compared byte by byte, so a range finds every word a prefix begins.
        .addColumn('word', 'text', (col) =>
          dialect === 'postgres' ? col.notNull().modifyEnd(sql`collate "C"`) : col.notNull(),
        )
        .addColumn('order_id', 'text', (col) =>
          col.notNull().references('orders.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('order_words_pk', ['word', 'order_id'])
        .execute();
      await db.schema
        .createIndex('order_words_order_idx')
        .on('order_words')
        .column('order_id')
        .execute();

      await db.schema
        .createTable('audit_entries')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_name', 'text', (col) => col.notNull())
        .addColumn('actor_email', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('target_type', 'text', (col) => col.notNull())
        .addColumn('target_id', 'text', (col) => col.notNull())
        .addColumn('target_label', 'text', (col) => col.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .execute();
      await db.schema
        .createIndex('audit_entries_at_idx')
        .on('audit_entries')
        .columns(['at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_entries_action_idx')
        .on('audit_entries')
        .columns(['action', 'at'])
        .execute();
      await db.schema
        .createIndex('audit_entries_actor_idx')
        .on('audit_entries')
        .columns(['actor_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_entries').execute();
      await db.schema.dropTable('order_words').execute();
      await db.schema.dropIndex('orders_user_created_idx').execute();
      await db.schema.dropIndex('orders_status_created_idx').execute();
      await db.schema.dropIndex('orders_newest_idx').execute();
      await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
      await db.schema.dropIndex('orders_number_idx').execute();
      await db.schema.alterTable('orders').dropColumn('order_number').execute();
      await db.schema.alterTable('order_items').dropColumn('sku').execute();
    },
  };
}
