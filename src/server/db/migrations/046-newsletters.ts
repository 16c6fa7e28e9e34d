import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';
import { remakeSqliteTable } from './remake-sqlite-table';

const OLD_STATUSES = `status in ('waiting', 'sent', 'failed')`;
const NEW_STATUSES = `status in ('waiting', 'sent', 'failed', 'withdrawn')`;

/** SQLite cannot change a CHECK constraint in place: the outbox is made again with the new one. */
const allowWithdrawnOnSqlite = (db: Kysely<unknown>) =>
  remakeSqliteTable(db, 'mail_outbox', (created) =>
    created.includes(OLD_STATUSES) ? created.replace(OLD_STATUSES, NEW_STATUSES) : undefined,
  );

async function allowWithdrawnOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mail_outbox drop constraint if exists mail_outbox_status_check`.execute(db);
  await sql`alter table mail_outbox add constraint mail_outbox_status_check check (${sql.raw(NEW_STATUSES)})`.execute(
    db,
  );
}

/**
 * Newsletters that send. A newsletter is a subject and a Markdown body, a draft until the owner
 * sends it; then its HTML and text are kept as they were sent, and `next_due_at` is when its next
 * mail may go into the outbox (the pace every instance keeps to together). Each subscriber whose
 * newsletter consent stood when it was sent has one `newsletter_sends` row, keyed by newsletter
 * and consent so that it is made once: `waiting` for its turn, `queued` once its mail is in the
 * outbox (`mail_id`), then `sent`, `failed` or `unsubscribed` as that mail ended.
 *
 * A marketing mail in the outbox keeps the consent it is sent under (`consent_id`), so that a
 * sender drops it (`withdrawn`) when that consent was withdrawn after it was queued.
 */
export function newsletters(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await allowWithdrawnOnSqlite(db);
      else await allowWithdrawnOnPostgres(db);
      await db.schema.alterTable('mail_outbox').addColumn('consent_id', 'text').execute();
      await db.schema
        .createTable('newsletters')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('draft', 'sending', 'sent')`),
        )
        .addColumn('html_body', 'text')
        .addColumn('text_body', 'text')
        .addColumn('created_at', timestamp, (col) => col.notNull())
        .addColumn('updated_at', timestamp, (col) => col.notNull())
        .addColumn('sent_at', timestamp)
        .addColumn('next_due_at', timestamp)
        .execute();
      await db.schema
        .createIndex('newsletters_newest_idx')
        .on('newsletters')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createTable('newsletter_sends')
        .addColumn('newsletter_id', 'text', (col) =>
          col.notNull().references('newsletters.id').onDelete('cascade'),
        )
        .addColumn('consent_id', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .check(sql`status in ('waiting', 'queued', 'sent', 'failed', 'unsubscribed')`),
        )
        .addColumn('mail_id', 'text')
        .addColumn('queued_at', timestamp)
        .addPrimaryKeyConstraint('newsletter_sends_pkey', ['newsletter_id', 'consent_id'])
        .execute();
      await db.schema
        .createIndex('newsletter_sends_status_idx')
        .on('newsletter_sends')
        // A newsletter's next subscriber waiting is the first of a range, not a sort of them all.
        .columns(['status', 'newsletter_id', 'consent_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('newsletter_sends').execute();
      await db.schema.dropTable('newsletters').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('consent_id').execute();
    },
  };
}
