import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/timestamps';
import type { SubscribersTable } from './subscribers.table';

type Db = Kysely<Database>;
export type SubscriberRow = Selectable<SubscribersTable>;

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
): Promise<{ subscribers: SubscriberRow[]; total: number }> {
  let query = db.selectFrom('subscribers').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  const [subscribers, counted] = await Promise.all([
    query.execute(),
    db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { subscribers, total: counted.total };
}

export async function removeSubscriber(db: Db, id: string): Promise<void> {
  await db.deleteFrom('subscribers').where('id', '=', id).execute();
}
