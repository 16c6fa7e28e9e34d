import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Consent to marketing mail, one row for each consent given: its purpose, the exact sentence
 * shown, where it was given, when, and when it was withdrawn. At most one consent stands per
 * address and purpose, so two ticks at once make one. A newsletter subscriber remembers where they
 * signed up (`source`), so the consent their confirmation makes says so; everyone already on the
 * list signed up in the footer. An account that asks
 * from its page is remembered too (`user_id`).
 *
 * The confirmed subscribers already on the list are given the consent their confirmation
 * recorded (`confirmed_at`), with the footer's sentence as it reads now: the consent was given to
 * letters about the same things, and without a record the shop could not write to them.
 */
export function consents(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('consents')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) =>
          col.notNull().check(sql`purpose in ('newsletter', 'basket-reminders')`),
        )
        .addColumn('wording', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) =>
          col.notNull().check(sql`source in ('footer', 'checkout', 'account', 'admin-import')`),
        )
        .addColumn('user_id', 'text')
        .addColumn('given_at', timestamp, (col) => col.notNull())
        .addColumn('withdrawn_at', timestamp)
        .execute();
      await db.schema
        .createIndex('consents_standing_idx')
        .unique()
        .on('consents')
        .columns(['email', 'purpose'])
        .where(sql.ref('withdrawn_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('consents_email_idx')
        .on('consents')
        .columns(['email', 'given_at'])
        .execute();
      await db.schema.createIndex('consents_user_idx').on('consents').column('user_id').execute();
      await db.schema
        .alterTable('subscribers')
        .addColumn('source', 'text', (col) =>
          col
            .notNull()
            .defaultTo('footer')
            .check(sql`source in ('footer', 'account')`),
        )
        .execute();
      // The account that asked from its page, so the consent its confirmation makes is the account's.
      await db.schema.alterTable('subscribers').addColumn('user_id', 'text').execute();
      const footer =
        'Send me letters from Larkspur about new pieces, restocks and the occasional offer, a few times a season. I can unsubscribe at any time.';
      await sql`insert into consents (id, email, purpose, wording, source, user_id, given_at)
        select 'c-' || id, email, 'newsletter', ${footer}, 'footer', null, confirmed_at
        from subscribers where confirmed_at is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('subscribers').dropColumn('user_id').execute();
      await db.schema.alterTable('subscribers').dropColumn('source').execute();
      await db.schema.dropTable('consents').execute();
    },
  };
}
