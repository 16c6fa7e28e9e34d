import type { Selectable } from 'kysely';
import type { Db } from '../db/schema';
import { newId } from '../db/ids';
import type { MailOutboxTable } from './mail-outbox.table';
import type { Mail } from './mailer';

/** A mail in the outbox, as the sender takes it. */
interface QueuedMail {
  id: string;
  mail: Mail;
  /** Deliveries tried so far, this one included once it is claimed. */
  attempts: number;
}

function toQueuedMail(row: Selectable<MailOutboxTable>): QueuedMail {
  const headers = JSON.parse(row.headers) as Record<string, string>;
  return {
    id: row.id,
    attempts: row.attempts,
    mail: {
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    },
  };
}

/** Puts a mail in the outbox, due at once; inside the caller's transaction when given one. */
export async function insertMail(db: Db, mail: Mail, now: Date): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: newId(),
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      status: 'waiting',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Takes up to `limit` mails that are due, each for one sender only: a mail is claimed by moving
 * its next attempt to `leaseUntil`, on the condition that nobody moved it first. A sender that
 * dies holding one leaves it to be taken again once the lease is over.
 */
export async function claimDueMails(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<QueuedMail[]> {
  const due = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const claimed: QueuedMail[] = [];
  for (const row of due) {
    const result = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: leaseUntil.toISOString(), attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('status', '=', 'waiting')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (result.numUpdatedRows === 1n) {
      claimed.push({ ...toQueuedMail(row), attempts: row.attempts + 1 });
    }
  }
  return claimed;
}

export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at.toISOString(), last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A delivery failed: the mail waits until `retryAt`, or, with no retry left, is given up. */
export async function markFailed(
  db: Db,
  id: string,
  { error, retryAt }: { error: string; retryAt: Date | undefined },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      retryAt
        ? { last_error: error, next_attempt_at: retryAt.toISOString() }
        : { last_error: error, status: 'failed' },
    )
    .where('id', '=', id)
    .execute();
}

/** How many mails wait to be delivered. */
export async function countWaitingMails(db: Db): Promise<number> {
  const { waiting } = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('waiting'))
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return waiting;
}

/** Drops every mail to an address, sent or waiting: a closed account's mails say who they were. */
export async function removeMailsTo(db: Db, recipient: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('recipient', '=', recipient).execute();
}
