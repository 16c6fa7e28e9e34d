import { sql, type Kysely } from 'kysely';
import type { ShopDatabase } from './database';
import type { Database } from './schema';

/** Any fixed number, the same for every instance of the shop. */
const STARTUP_LOCK_KEY = 5_000_731;

/**
 * Runs start-up work (seeding, the first admin) in one transaction that only one server instance
 * holds at a time, so instances starting together cannot both seed an empty catalogue.
 */
export function inStartupLock<T>(
  { db, dialect }: ShopDatabase,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`.execute(trx);
    }
    return work(trx);
  });
}
