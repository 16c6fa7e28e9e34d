import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso, toIsoString } from '../db/timestamps';
import type { Subscriber } from './subscriber';
import type { SubscribersTable } from './subscribers.table';

type Db = Kysely<Database>;

function toSubscriber(row: Selectable<SubscribersTable>): Subscriber {
  return { id: row.id, email: row.email, subscribedAt: toIsoString(row.created_at) };
}

/** Stores an email once; answers whether it was new (a second subscription changes nothing). */
export async function addSubscriber(db: Db, id: string, email: string): Promise<boolean> {
  const result = await db
    .insertInto('subscribers')
    .values({ id, email, created_at: nowIso() })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows !== undefined && result.numInsertedOrUpdatedRows > 0n;
}

/** Newest first; all of them when no page is given. */
export async function listSubscribers(
  db: Db,
  page?: { offset: number; limit: number },
): Promise<{ subscribers: Subscriber[]; total: number }> {
  let query = db.selectFrom('subscribers').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [rows, counted] = await Promise.all([
    query.execute(),
    db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { subscribers: rows.map(toSubscriber), total: counted.total };
}

export async function removeSubscriber(db: Db, id: string): Promise<void> {
  await db.deleteFrom('subscribers').where('id', '=', id).execute();
}
