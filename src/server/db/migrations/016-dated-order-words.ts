import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Each word an order is found by carries the order's date, and the words are kept in the order
 * of word, date and order: a page of the orders a word finds, newest first, and how many it
 * finds, are then read from the words alone, rather than from every order found, which a
 * surname shared by a thousand orders made cost ten times what it did at a hundred. On SQLite
 * the words are the table (without a rowid), so they are kept once, not twice.
 *
 * A refund is found by its order and its state together: with only the order indexed, SQLite
 * read every refund that went through to find those of one page of orders.
 */
export function datedOrderWords(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      let table = db.schema
        .createTable('order_words_dated')
        // Words are compared byte by byte, so a range finds every word a prefix begins.
        .addColumn('word', 'text', (col) =>
          dialect === 'postgres' ? col.notNull().modifyEnd(sql`collate "C"`) : col.notNull(),
        )
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('order_id', 'text', (col) =>
          col.notNull().references('orders.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('order_words_dated_pk', ['word', 'created_at', 'order_id']);
      if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
      await table.execute();
      await sql`insert into order_words_dated (word, created_at, order_id)
        select order_words.word, orders.created_at, order_words.order_id
        from order_words join orders on orders.id = order_words.order_id`.execute(db);
      await db.schema.dropTable('order_words').execute();
      await db.schema.alterTable('order_words_dated').renameTo('order_words').execute();
      // An order's own words, which a search for several words tests each order it finds by.
      await db.schema
        .createIndex('order_words_order_idx')
        .on('order_words')
        .columns(['order_id', 'word'])
        .execute();

      await db.schema
        .createIndex('refunds_order_state_idx')
        .on('refunds')
        .columns(['order_id', 'status'])
        .execute();
      await db.schema.dropIndex('refunds_order_idx').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
      await db.schema.dropIndex('refunds_order_state_idx').execute();

      await db.schema
        .createTable('order_words_undated')
        .addColumn('word', 'text', (col) =>
          dialect === 'postgres' ? col.notNull().modifyEnd(sql`collate "C"`) : col.notNull(),
        )
        .addColumn('order_id', 'text', (col) =>
          col.notNull().references('orders.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('order_words_undated_pk', ['word', 'order_id'])
        .execute();
      await sql`insert into order_words_undated (word, order_id)
        select word, order_id from order_words`.execute(db);
      await db.schema.dropTable('order_words').execute();
      await db.schema.alterTable('order_words_undated').renameTo('order_words').execute();
      await db.schema
        .createIndex('order_words_order_idx')
        .on('order_words')
        .column('order_id')
        .execute();
    },
  };
}
