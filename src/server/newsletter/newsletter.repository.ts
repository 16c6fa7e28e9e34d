import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/timestamps';

/** Stores an email once; a second subscription of the same address changes nothing. */
export async function addSubscriber(
  db: Kysely<Database>,
  id: string,
  email: string,
): Promise<void> {
  await db
    .insertInto('subscribers')
    .values({ id, email, created_at: nowIso() })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}
