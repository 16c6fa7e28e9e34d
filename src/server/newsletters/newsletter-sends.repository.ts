import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import type { SendStatus } from './newsletters.tables';

// The subscribers a newsletter is sent to: a row each, from waiting to queued to settled.

const ROWS_AT_ONCE = 500;

/** One row per consent a newsletter goes to, each waiting for its turn. */
export async function insertSends(
  db: Db,
  newsletterId: string,
  consents: readonly { id: string; email: string }[],
): Promise<void> {
  for (let start = 0; start < consents.length; start += ROWS_AT_ONCE) {
    await db
      .insertInto('newsletter_sends')
      .values(
        consents.slice(start, start + ROWS_AT_ONCE).map((consent) => ({
          newsletter_id: newsletterId,
          consent_id: consent.id,
          email: consent.email,
          status: 'waiting' as const,
        })),
      )
      .execute();
  }
}

/** Each newsletter's rows by status, and the outbox ids of those whose mail is queued. */
export async function sendTallies(
  db: Db,
  newsletterIds: readonly string[],
): Promise<{
  counts: { newsletterId: string; status: SendStatus; count: number }[];
  queued: { newsletterId: string; mailId: string | null }[];
}> {
  if (newsletterIds.length === 0) return { counts: [], queued: [] };
  const counts = await db
    .selectFrom('newsletter_sends')
    .select(['newsletter_id', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('newsletter_id', 'in', newsletterIds)
    .where('status', '!=', 'queued')
    .groupBy(['newsletter_id', 'status'])
    .execute();
  const queued = await db
    .selectFrom('newsletter_sends')
    .select(['newsletter_id', 'mail_id'])
    .where('newsletter_id', 'in', newsletterIds)
    .where('status', '=', 'queued')
    .execute();
  return {
    counts: counts.map((row) => ({
      newsletterId: row.newsletter_id,
      status: row.status,
      count: Number(row.count),
    })),
    queued: queued.map((row) => ({ newsletterId: row.newsletter_id, mailId: row.mail_id })),
  };
}

/** A subscriber the newsletter waits to mail, if any is left. */
export async function nextWaitingSend(
  db: Db,
  newsletterId: string,
): Promise<{ consentId: string; email: string } | undefined> {
  const row = await db
    .selectFrom('newsletter_sends')
    .select(['consent_id', 'email'])
    .where('newsletter_id', '=', newsletterId)
    .where('status', '=', 'waiting')
    .orderBy('consent_id')
    .limit(1)
    .executeTakeFirst();
  return row && { consentId: row.consent_id, email: row.email };
}

/**
 * Moves a subscriber's row on from `from` (queued with its mail, or settled); answers false when
 * it was no longer there, so that only one caller moves it.
 */
export async function moveSend(
  db: Db,
  {
    newsletterId,
    consentId,
    from,
    to,
    mailId,
    at,
  }: {
    newsletterId: string;
    consentId: string;
    from: SendStatus;
    to: SendStatus;
    mailId?: string;
    at?: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_sends')
    .set({
      status: to,
      ...(mailId === undefined ? {} : { mail_id: mailId }),
      ...(at === undefined ? {} : { queued_at: at }),
    })
    .where('newsletter_id', '=', newsletterId)
    .where('consent_id', '=', consentId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Rows whose mail is in the outbox, to be settled once it is sent, given up or dropped. */
export async function queuedSends(
  db: Db,
  limit: number,
): Promise<{ newsletterId: string; consentId: string; mailId: string | null }[]> {
  const rows = await db
    .selectFrom('newsletter_sends')
    .select(['newsletter_id', 'consent_id', 'mail_id'])
    .where('status', '=', 'queued')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    newsletterId: row.newsletter_id,
    consentId: row.consent_id,
    mailId: row.mail_id,
  }));
}

/** A newsletter sent since a moment, with each address it was mailed to and when. */
export interface NewsletterMailed {
  id: string;
  subject: string;
  sentAt: string;
  mailed: { email: string; at: string }[];
}

/**
 * The newsletters sent since `since`, newest first, with the addresses each was mailed to (queued
 * for them, or delivered) and when: for the desk to find the orders that followed.
 */
export async function newslettersMailedSince(db: Db, since: string): Promise<NewsletterMailed[]> {
  const letters = await db
    .selectFrom('newsletters')
    .select(['id', 'subject', 'sent_at'])
    .where('sent_at', '>=', since)
    .orderBy('sent_at', 'desc')
    .execute();
  if (letters.length === 0) return [];
  const rows = await db
    .selectFrom('newsletter_sends')
    .select(['newsletter_id', 'email', 'queued_at'])
    .where(
      'newsletter_id',
      'in',
      letters.map((letter) => letter.id),
    )
    .where('status', 'in', ['queued', 'sent'])
    .execute();
  return letters.map((letter) => ({
    id: letter.id,
    subject: letter.subject,
    sentAt: toIsoString(letter.sent_at ?? since),
    mailed: rows.flatMap((row) =>
      row.newsletter_id === letter.id && row.queued_at !== null
        ? [{ email: row.email, at: toIsoString(row.queued_at) }]
        : [],
    ),
  }));
}
