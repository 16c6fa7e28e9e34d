import type { Selectable } from 'kysely';
import { alongRead, countRows, readPage } from '../sql/page-read';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { Subscriber, SubscriberSource } from './subscriber';
import type { SubscribersTable } from './subscribers.table';

function toSubscriber(row: Selectable<SubscribersTable>): Subscriber {
  return {
    id: row.id,
    email: row.email,
    subscribedAt: toIsoString(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : toIsoString(row.confirmed_at),
    source: row.source,
    userId: row.user_id,
  };
}

/**
 * Stores an email as unconfirmed, once, and answers the subscriber a confirmation link should be
 * mailed to now: a new address, or one still unconfirmed whose last link went out before
 * `resendAfter` (null for rows from before double opt-in). A confirmed address, or one mailed
 * since, answers undefined. One statement, so two sign-ups at once mail one link.
 */
export async function enrolSubscriber(
  db: Db,
  {
    id,
    email,
    resendAfter,
    source,
    userId,
  }: {
    id: string;
    email: string;
    resendAfter: string;
    source: SubscriberSource;
    userId: string | null;
  },
): Promise<{ id: string; email: string } | undefined> {
  const now = nowIso();
  return db
    .insertInto('subscribers')
    .values({ id, email, created_at: now, confirmation_sent_at: now, source, user_id: userId })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ confirmation_sent_at: now, source, user_id: userId })
        .where('subscribers.confirmed_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('subscribers.confirmation_sent_at', 'is', null),
            eb('subscribers.confirmation_sent_at', '<=', resendAfter),
          ]),
        ),
    )
    .returning(['id', 'email'])
    .executeTakeFirst();
}

/**
 * Marks a subscriber confirmed now, unless they were already. Answers what it found: `confirmed`
 * by this call (one caller only, however many confirm at once), `already` confirmed, or
 * undefined when there is no such subscriber.
 */
export async function confirmSubscriber(
  db: Db,
  id: string,
): Promise<{ state: 'confirmed' | 'already'; subscriber: Subscriber } | undefined> {
  const confirmed = await db
    .updateTable('subscribers')
    .set({ confirmed_at: nowIso() })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (confirmed) return { state: 'confirmed', subscriber: toSubscriber(confirmed) };
  const known = await db
    .selectFrom('subscribers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return known && { state: 'already', subscriber: toSubscriber(known) };
}

/**
 * Puts an address on the list as confirmed now, from its account page, or confirms it if it was
 * waiting. Answers the subscriber when this call confirmed it, undefined when it already was.
 */
export async function enrolConfirmedSubscriber(
  db: Db,
  { id, email, userId }: { id: string; email: string; userId: string },
): Promise<{ id: string; email: string } | undefined> {
  const now = nowIso();
  return db
    .insertInto('subscribers')
    .values({ id, email, created_at: now, confirmed_at: now, source: 'account', user_id: userId })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ confirmed_at: now, source: 'account', user_id: userId })
        .where('subscribers.confirmed_at', 'is', null),
    )
    .returning(['id', 'email'])
    .executeTakeFirst();
}

/**
 * A page of the subscribers, newest first, with how many there are: read along
 * subscribers_newest_idx, a page past the middle from the oldest end.
 */
export async function listSubscribers(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ subscribers: Subscriber[]; total: number }> {
  const { rows, total } = await readPage(
    page,
    () => countRows(db.selectFrom('subscribers')),
    (at) =>
      alongRead(db.selectFrom('subscribers').selectAll(), at, [
        ['created_at', 'desc'],
        ['id', 'asc'],
      ]).execute(),
  );
  return { subscribers: rows.map(toSubscriber), total };
}

/** Those who confirmed, newest first: the only ones the newsletter may be sent to. */
export async function confirmedSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom('subscribers')
    .selectAll()
    .where('confirmed_at', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toSubscriber);
}

/** Takes a subscriber off the list; answers their address, or undefined when there was none. */
export async function removeSubscriber(db: Db, id: string): Promise<string | undefined> {
  const removed = await db
    .deleteFrom('subscribers')
    .where('id', '=', id)
    .returning('email')
    .executeTakeFirst();
  return removed?.email;
}

/** The subscription of an address, if it has one. */
export async function findSubscriberByEmail(
  db: Db,
  email: string,
): Promise<Subscriber | undefined> {
  const row = await db
    .selectFrom('subscribers')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toSubscriber(row);
}

export async function removeSubscriberByEmail(db: Db, email: string): Promise<void> {
  await db.deleteFrom('subscribers').where('email', '=', email).execute();
}

/** Removes the sign-ups an account asked for from its page. */
export async function removeSubscribersAskedBy(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('subscribers').where('user_id', '=', userId).execute();
}
