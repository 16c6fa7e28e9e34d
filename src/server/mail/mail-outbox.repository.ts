import type { Selectable } from 'kysely';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import type { MailOutboxTable } from './mail-outbox.table';
import type { Mail } from './mailer';

/** A mail in the outbox, as the sender takes it. */
interface QueuedMail {
  id: string;
  mail: Mail;
  /** Deliveries tried so far, this one included once it is claimed. */
  attempts: number;
  /** The consent a marketing mail is sent under; null for any other mail. */
  consentId: string | null;
}

/** A mail as one sender holds it: its token marks the mail as that sender's until the lease ends. */
export interface LeasedMail extends QueuedMail {
  token: string;
}

function toQueuedMail(row: Selectable<MailOutboxTable>): QueuedMail {
  const headers = JSON.parse(row.headers) as Record<string, string>;
  return {
    id: row.id,
    attempts: row.attempts,
    consentId: row.consent_id,
    mail: {
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    },
  };
}

/**
 * Puts a mail in the outbox, due at once or, given `notBefore`, not until then (a gift card's mail
 * waits for its day); inside the caller's transaction when given one. A marketing mail keeps the
 * consent it is sent under (`consentId`). Answers the mail's id.
 */
export async function insertMail(
  db: Db,
  mail: Mail,
  now: Date,
  { notBefore, consentId = null }: { notBefore?: Date; consentId?: string | null } = {},
): Promise<string> {
  const id = newId();
  const due = notBefore !== undefined && notBefore.getTime() > now.getTime() ? notBefore : now;
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      status: 'waiting',
      attempts: 0,
      next_attempt_at: due.toISOString(),
      created_at: now.toISOString(),
      consent_id: consentId,
    })
    .execute();
  return id;
}

/**
 * Puts in the outbox, due at once, a copy of a mail it still keeps (waiting, sent or given up):
 * the same recipient, subject, bodies and headers. Answers the copy's id, or undefined when the
 * outbox no longer has the mail (sent mails are removed after 30 days).
 */
export async function insertCopyOfMail(db: Db, id: string, now: Date): Promise<string | undefined> {
  const kept = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!kept) return undefined;
  return insertMail(db, toQueuedMail(kept).mail, now, { consentId: kept.consent_id });
}

/** How many due mails a sender looks at to find one nobody took first. */
const CANDIDATES = 5;

/**
 * Takes the oldest due mail nobody else took, for one sender only, and counts the try: the claim
 * is a conditional update that gives the mail this sender's `token` and moves its next attempt to
 * `leaseUntil`, on the condition that it is still due and nobody counted a try since it was read.
 * A few candidates are read, so that senders reading at once each find one. A sender that dies
 * holding a mail leaves it to be taken again once the lease is over.
 */
export async function claimNextMail(
  db: Db,
  { now, leaseUntil, token }: { now: Date; leaseUntil: Date; token: string },
): Promise<LeasedMail | undefined> {
  const due = await db
    .selectFrom('mail_outbox')
    .select(['id', 'attempts'])
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('created_at')
    .limit(CANDIDATES)
    .execute();
  for (const candidate of due) {
    const row = await db
      .updateTable('mail_outbox')
      .set({
        next_attempt_at: leaseUntil.toISOString(),
        attempts: candidate.attempts + 1,
        lease_token: token,
      })
      .where('id', '=', candidate.id)
      .where('status', '=', 'waiting')
      .where('attempts', '=', candidate.attempts)
      .where('next_attempt_at', '<=', now.toISOString())
      .returningAll()
      .executeTakeFirst();
    if (row) return { ...toQueuedMail(row), token };
  }
  return undefined;
}

/** Keeps a mail for its sender a while longer; false when the sender no longer holds it. */
export async function renewLease(
  db: Db,
  { id, token }: LeasedMail,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: leaseUntil.toISOString() })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks a mail sent, if its sender still holds it; answers whether it did. */
export async function markSent(db: Db, { id, token }: LeasedMail, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at.toISOString(), last_error: null, lease_token: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Drops a marketing mail whose consent was withdrawn after it was queued, if its sender still
 * holds it: it is never sent nor tried again. Answers whether it did.
 */
export async function markWithdrawn(db: Db, { id, token }: LeasedMail): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'withdrawn', lease_token: null })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How many ids one read of `mailStatuses` names, well within either database's bound. */
const STATUSES_AT_ONCE = 1000;

/** How each of some mails stands; a mail the outbox no longer keeps is left out. */
export async function mailStatuses(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, MailOutboxTable['status']>> {
  const statuses = new Map<string, MailOutboxTable['status']>();
  for (let start = 0; start < ids.length; start += STATUSES_AT_ONCE) {
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['id', 'status'])
      .where('id', 'in', ids.slice(start, start + STATUSES_AT_ONCE))
      .execute();
    for (const row of rows) statuses.set(row.id, row.status);
  }
  return statuses;
}

/**
 * Gives a mail back untried, due at once for any sender, if its sender still holds it: the shop
 * is stopping while the relay still has it. Answers whether it did.
 */
export async function handBackMail(db: Db, { id, token }: LeasedMail, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      next_attempt_at: now.toISOString(),
      attempts: eb('attempts', '-', 1),
      lease_token: null,
    }))
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * A delivery failed: the mail waits until `retryAt`, or, with no retry left, is given up; only
 * by its sender while it holds the mail. Answers whether it was marked.
 */
export async function markFailed(
  db: Db,
  { id, token }: LeasedMail,
  { error, retryAt }: { error: string; retryAt: Date | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set(
      retryAt
        ? { last_error: error, next_attempt_at: retryAt.toISOString(), lease_token: null }
        : { last_error: error, status: 'failed', lease_token: null },
    )
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Removes up to `limit` mails sent before `before`, oldest first: one range of
 * mail_outbox_sent_idx. Answers how many went.
 */
export async function removeSentBefore(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'sent')
        .where('sent_at', '<', before.toISOString())
        .orderBy('sent_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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

/**
 * Drops the mails to an address: a closed account's mails say who they were. Those sent (or given
 * up) always; those still waiting only with `waitingToo`, as some may still be owed to the
 * address (an open order's, or another's who owns it).
 */
export async function removeMailsTo(
  db: Db,
  recipient: string,
  { waitingToo }: { waitingToo: boolean },
): Promise<void> {
  let query = db.deleteFrom('mail_outbox').where('recipient', '=', recipient);
  if (!waitingToo) query = query.where('status', '!=', 'waiting');
  await query.execute();
}
