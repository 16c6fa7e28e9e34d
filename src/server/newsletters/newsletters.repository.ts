import type { Selectable } from 'kysely';
import type { NewsletterStatus } from '../../shared/newsletters/newsletters';
import type { Db } from '../db/schema';
import { alongRead, countRows, readPage } from '../sql/page-read';
import { toIsoString } from '../sql/timestamps';
import type { NewslettersTable } from './newsletters.tables';

/** A newsletter as the shop keeps it. */
export interface StoredNewsletter {
  id: string;
  subject: string;
  body: string;
  status: NewsletterStatus;
  /** The content as it was sent; null for a draft. */
  sent: { html: string; text: string } | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  nextDueAt: string | null;
}

const isoOrNull = (value: string | Date | null) => (value === null ? null : toIsoString(value));

function toStoredNewsletter(row: Selectable<NewslettersTable>): StoredNewsletter {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    status: row.status,
    sent:
      row.html_body === null || row.text_body === null
        ? null
        : { html: row.html_body, text: row.text_body },
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    sentAt: isoOrNull(row.sent_at),
    nextDueAt: isoOrNull(row.next_due_at),
  };
}

export async function insertNewsletter(
  db: Db,
  { id, subject, body, at }: { id: string; subject: string; body: string; at: string },
): Promise<void> {
  await db
    .insertInto('newsletters')
    .values({ id, subject, body, status: 'draft', created_at: at, updated_at: at })
    .execute();
}

export async function findNewsletter(db: Db, id: string): Promise<StoredNewsletter | undefined> {
  const row = await db
    .selectFrom('newsletters')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toStoredNewsletter(row);
}

/** Saves a draft's subject and body; answers false when it is no longer a draft. */
export async function updateDraft(
  db: Db,
  { id, subject, body, at }: { id: string; subject: string; body: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set({ subject, body, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A page of the newsletters, newest first, with how many there are. */
export async function listNewsletters(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ newsletters: StoredNewsletter[]; total: number }> {
  const { rows, total } = await readPage(
    page,
    () => countRows(db.selectFrom('newsletters')),
    (at) =>
      alongRead(db.selectFrom('newsletters').selectAll(), at, [
        ['created_at', 'desc'],
        ['id', 'desc'],
      ]).execute(),
  );
  return { newsletters: rows.map(toStoredNewsletter), total };
}

/**
 * Turns a draft into a newsletter being sent, with the content it is sent with and its first mail
 * due at once; answers false when it was not a draft (another send got there first).
 */
export async function startSending(
  db: Db,
  { id, at, html, text }: { id: string; at: string; html: string; text: string },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set({
      status: 'sending',
      sent_at: at,
      updated_at: at,
      next_due_at: at,
      html_body: html,
      text_body: text,
    })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The newsletter sent longest ago that is still being sent, if any. */
export async function oldestSending(db: Db): Promise<StoredNewsletter | undefined> {
  const row = await db
    .selectFrom('newsletters')
    .selectAll()
    .where('status', '=', 'sending')
    .orderBy('sent_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && toStoredNewsletter(row);
}

/** When a newsletter being sent may next queue a mail; null when it is not being sent. */
export async function nextDueAtOf(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('newsletters')
    .select('next_due_at')
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return row === undefined ? null : isoOrNull(row.next_due_at);
}

/**
 * Takes the newsletter's next turn to queue a mail: moves `next_due_at` on, on the condition that
 * it is still what this caller read (so that of several instances reading it, one moves it).
 */
export async function takeTurn(
  db: Db,
  { id, dueAt, nextDueAt }: { id: string; dueAt: string; nextDueAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set({ next_due_at: nextDueAt })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('next_due_at', '=', dueAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks a newsletter sent once none of its subscribers waits; answers whether it did. */
export async function finishSending(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletters')
    .set({ status: 'sent', next_due_at: null, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_sends')
            .select('consent_id')
            .where('newsletter_id', '=', id)
            .where('status', '=', 'waiting'),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
