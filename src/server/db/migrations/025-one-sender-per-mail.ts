import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Background work that one instance at a time does. A mail being sent carries its sender's
 * `lease_token` (its `next_attempt_at` is when the lease ends), so that only the sender holding
 * the lease marks it sent or failed; sent mails are found by when they went, to be removed after
 * 30 days. A refund being asked of the provider carries its asker's token (`asked_by`) and when
 * that asker's hold ends (`asked_until`), so that no other instance asks for it meanwhile.
 */
export function oneSenderPerMail(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_outbox').addColumn('lease_token', 'text').execute();
      await db.schema
        .createIndex('mail_outbox_sent_idx')
        .on('mail_outbox')
        .column('sent_at')
        .where(sql<boolean>`status = 'sent'`)
        .execute();
      // SQLite adds one column per statement.
      await db.schema.alterTable('refunds').addColumn('asked_by', 'text').execute();
      await db.schema.alterTable('refunds').addColumn('asked_until', timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('refunds').dropColumn('asked_until').execute();
      await db.schema.alterTable('refunds').dropColumn('asked_by').execute();
      await db.schema.dropIndex('mail_outbox_sent_idx').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('lease_token').execute();
    },
  };
}
