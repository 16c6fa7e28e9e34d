import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import type { KeptBasketsTable } from './kept-baskets.table';

/** A line as the shop keeps it: what was chosen, never its price. */
export interface KeptLine {
  product: string;
  variant: string | null;
  qty: number;
}

/** A kept basket as the shop holds it. */
export interface KeptBasketRecord {
  id: string;
  /** The account's; null for a guest's. */
  userId: string | null;
  /** A guest's address; null for an account's (its address is the account's). */
  email: string | null;
  lines: KeptLine[];
  changedAt: string;
}

function toRecord(row: Selectable<KeptBasketsTable>): KeptBasketRecord {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    lines: JSON.parse(row.items) as KeptLine[],
    changedAt: toIsoString(row.changed_at),
  };
}

export async function findBasketOfUser(
  db: Db,
  userId: string,
): Promise<KeptBasketRecord | undefined> {
  const row = await db
    .selectFrom('kept_baskets')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The basket a key opens, by the key's hash. */
export async function findBasketByKey(
  db: Db,
  keyHash: string,
): Promise<KeptBasketRecord | undefined> {
  const row = await db
    .selectFrom('kept_basket_keys')
    .innerJoin('kept_baskets', 'kept_baskets.id', 'kept_basket_keys.basket_id')
    .selectAll('kept_baskets')
    .where('kept_basket_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
  return row && toRecord(row);
}

interface LinesWritten {
  lines: KeptLine[];
  at: string;
}

/**
 * What a write sets: the lines and when. A basket filled again after it was emptied starts its
 * reminders afresh: the count of steps gone by is read from the row as it was.
 */
const written = ({ lines, at }: LinesWritten) => ({
  items: JSON.stringify(lines),
  item_count: lines.length,
  changed_at: at,
  reminders_passed: sql<number>`case when kept_baskets.item_count = 0 then 0 else kept_baskets.reminders_passed end`,
});

/** Keeps an account's lines, making its basket if it has none; two writes at once make one. */
export async function writeBasketOfUser(
  db: Db,
  { id, userId, ...lines }: LinesWritten & { id: string; userId: string },
): Promise<void> {
  await db
    .insertInto('kept_baskets')
    .values({
      id,
      user_id: userId,
      email: null,
      items: JSON.stringify(lines.lines),
      item_count: lines.lines.length,
      changed_at: lines.at,
      created_at: lines.at,
    })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(written(lines)))
    .execute();
}

/**
 * Keeps a guest's lines under their address, making the basket if the address has none (one per
 * address: asking again replaces its lines). Answers the basket's id.
 */
export async function writeGuestBasket(
  db: Db,
  { id, email, ...lines }: LinesWritten & { id: string; email: string },
): Promise<string> {
  const row = await db
    .insertInto('kept_baskets')
    .values({
      id,
      user_id: null,
      email,
      items: JSON.stringify(lines.lines),
      item_count: lines.lines.length,
      changed_at: lines.at,
      created_at: lines.at,
    })
    .onConflict((conflict) =>
      conflict.column('email').where('user_id', 'is', null).doUpdateSet(written(lines)),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the lines of a basket, by its id. */
export async function writeBasketLines(
  db: Db,
  { id, ...lines }: LinesWritten & { id: string },
): Promise<void> {
  await db.updateTable('kept_baskets').set(written(lines)).where('id', '=', id).execute();
}

export async function insertBasketKey(
  db: Db,
  { keyHash, basketId, at }: { keyHash: string; basketId: string; at: string },
): Promise<void> {
  await db
    .insertInto('kept_basket_keys')
    .values({ key_hash: keyHash, basket_id: basketId, created_at: at })
    .execute();
}

/**
 * An order was placed: the account's basket, and the guest baskets at the buyer's address, are
 * emptied, which stops their reminders.
 */
export async function emptyBasketsOf(
  db: Db,
  { userId, email, at }: { userId: string | null; email: string; at: string },
): Promise<void> {
  await db
    .updateTable('kept_baskets')
    .set({ items: '[]', item_count: 0, changed_at: at })
    .where('item_count', '>', 0)
    .where((eb) =>
      eb.or([
        ...(userId === null ? [] : [eb('user_id', '=', userId)]),
        eb.and([eb('user_id', 'is', null), eb('email', '=', email)]),
      ]),
    )
    .execute();
}

/** A basket a reminder is due for, with the address it would go to. */
export interface DueBasket {
  id: string;
  userId: string | null;
  email: string;
  lines: KeptLine[];
  changedAt: string;
  /** Reminder steps gone by. */
  passed: number;
}

/**
 * Baskets holding something that have passed fewer than `before` reminder steps and not changed
 * since `changedBy`, the longest waiting first; an account's at the account's address.
 */
export async function basketsDueAStep(
  db: Db,
  { before, changedBy, limit }: { before: number; changedBy: string; limit: number },
): Promise<DueBasket[]> {
  const rows = await db
    .selectFrom('kept_baskets')
    .leftJoin('users', 'users.id', 'kept_baskets.user_id')
    .select([
      'kept_baskets.id',
      'kept_baskets.user_id',
      'kept_baskets.email',
      'kept_baskets.items',
      'kept_baskets.changed_at',
      'kept_baskets.reminders_passed',
      'users.email as user_email',
    ])
    .where('kept_baskets.reminders_passed', '<', before)
    .where('kept_baskets.item_count', '>', 0)
    .where('kept_baskets.changed_at', '<=', changedBy)
    .orderBy('kept_baskets.changed_at')
    .limit(limit)
    .execute();
  return rows.flatMap((row) => {
    const email = row.user_email ?? row.email;
    if (email === null) return [];
    return [
      {
        id: row.id,
        userId: row.user_id,
        email,
        lines: JSON.parse(row.items) as KeptLine[],
        changedAt: toIsoString(row.changed_at),
        passed: row.reminders_passed,
      },
    ];
  });
}

/**
 * Moves a basket's reminder steps on from `from` to `to`, on the condition that nobody moved them
 * first and the basket has not changed since it was read: of several instances, one does. Answers
 * whether this call did.
 */
export async function passReminderStep(
  db: Db,
  { id, from, to, changedAt }: { id: string; from: number; to: number; changedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('kept_baskets')
    .set({ reminders_passed: to })
    .where('id', '=', id)
    .where('reminders_passed', '=', from)
    .where('item_count', '>', 0)
    .where('changed_at', '=', changedAt)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertReminderSent(
  db: Db,
  reminder: { id: string; email: string; step: number; sentAt: string },
): Promise<void> {
  await db
    .insertInto('basket_reminders')
    .values({
      id: reminder.id,
      email: reminder.email,
      step: reminder.step,
      sent_at: reminder.sentAt,
    })
    .execute();
}

/** Removes up to `limit` guests' baskets unchanged since `before`; answers how many went. */
export async function removeGuestBasketsUnchangedSince(
  db: Db,
  before: string,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('kept_baskets')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('kept_baskets')
        .select('id')
        .where('user_id', 'is', null)
        .where('changed_at', '<', before)
        .orderBy('changed_at')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets a guest's basket at an address, and the reminders sent there (a closed account's). */
export async function removeBasketsAndRemindersOf(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom('kept_baskets')
    .where('user_id', 'is', null)
    .where('email', '=', email)
    .execute();
  await db.deleteFrom('basket_reminders').where('email', '=', email).execute();
}

/** The basket reminders sent since `since`: to whom and when. */
export async function remindersSentSince(
  db: Db,
  since: string,
): Promise<{ email: string; sentAt: string }[]> {
  const rows = await db
    .selectFrom('basket_reminders')
    .select(['email', 'sent_at'])
    .where('sent_at', '>=', since)
    .execute();
  return rows.map((row) => ({ email: row.email, sentAt: toIsoString(row.sent_at) }));
}
