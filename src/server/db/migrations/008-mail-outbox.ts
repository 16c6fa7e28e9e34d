import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Mails wait in the database until they are out: an order's confirmation is written in the
 * order's own transaction, and a sender on any instance delivers what is due, with retries.
 */
export function mailOutbox(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('recipient', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('text_body', 'text', (col) => col.notNull())
        .addColumn('html_body', 'text', (col) => col.notNull())
        .addColumn('headers', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('waiting', 'sent', 'failed')`),
        )
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp, (col) => col.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('sent_at', timestamp)
        .execute();
      await db.schema
        .createIndex('mail_outbox_due_idx')
        .on('mail_outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
    },
  };
}
