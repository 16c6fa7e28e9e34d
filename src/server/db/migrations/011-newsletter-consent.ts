import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Double opt-in: a subscriber is mailed nothing but the confirmation link until they follow it.
 * `confirmed_at` is when they did (their consent, kept as evidence of it); `confirmation_sent_at`
 * is when the last link went out, so a pending address is not sent one after another.
 *
 * Everyone already on the list was signed up with one form post, which anybody could make for
 * any address: nothing shows that the address's owner agreed. So they start unconfirmed rather
 * than with a consent time made up from their sign-up, and are not mailed to ask (asking is a
 * marketing mail in itself); subscribing again sends them the link.
 */
export function newsletterConsent(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? sql`timestamptz` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      // SQLite adds one column per statement.
      await db.schema.alterTable('subscribers').addColumn('confirmed_at', timestamp).execute();
      await db.schema
        .alterTable('subscribers')
        .addColumn('confirmation_sent_at', timestamp)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('subscribers').dropColumn('confirmation_sent_at').execute();
      await db.schema.alterTable('subscribers').dropColumn('confirmed_at').execute();
    },
  };
}
