import type { Selectable } from 'kysely';
import type { ConsentPurpose, ConsentSource } from '../../shared/consents/consents';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import type { ConsentRecord } from './consent-record';
import type { ConsentsTable } from './consents.table';

function toConsent(row: Selectable<ConsentsTable>): ConsentRecord {
  return {
    id: row.id,
    email: row.email,
    userId: row.user_id,
    purpose: row.purpose,
    wording: row.wording,
    source: row.source,
    givenAt: toIsoString(row.given_at),
    withdrawnAt: row.withdrawn_at === null ? null : toIsoString(row.withdrawn_at),
  };
}

/**
 * Records a consent unless one already stands for that address and purpose (the partial unique
 * index decides, so two at once make one). Answers whether this call recorded it.
 */
export async function insertConsent(
  db: Db,
  consent: {
    id: string;
    email: string;
    purpose: ConsentPurpose;
    wording: string;
    source: ConsentSource;
    userId: string | null;
    givenAt: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('consents')
    .values({
      id: consent.id,
      email: consent.email,
      purpose: consent.purpose,
      wording: consent.wording,
      source: consent.source,
      user_id: consent.userId,
      given_at: consent.givenAt,
    })
    .onConflict((oc) =>
      oc.columns(['email', 'purpose']).where('withdrawn_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The consent that stands for an address and purpose, if one does. */
export async function findStandingConsent(
  db: Db,
  email: string,
  purpose: ConsentPurpose,
): Promise<ConsentRecord | undefined> {
  const row = await db
    .selectFrom('consents')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return row && toConsent(row);
}

/** The consents that stand for a purpose, oldest first: an address and the consent's id each. */
export async function listStandingConsents(
  db: Db,
  purpose: ConsentPurpose,
): Promise<{ id: string; email: string }[]> {
  return db
    .selectFrom('consents')
    .select(['id', 'email'])
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .orderBy('given_at')
    .orderBy('id')
    .execute();
}

export async function countStanding(db: Db, purpose: ConsentPurpose): Promise<number> {
  const { count } = await db
    .selectFrom('consents')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function findConsent(db: Db, id: string): Promise<ConsentRecord | undefined> {
  const row = await db.selectFrom('consents').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toConsent(row);
}

/** Withdraws, at `at`, the consents that stand for an address (for one purpose, or every one). */
export async function withdrawStandingConsents(
  db: Db,
  { email, purpose, at }: { email: string; purpose?: ConsentPurpose; at: string },
): Promise<number> {
  let query = db
    .updateTable('consents')
    .set({ withdrawn_at: at })
    .where('email', '=', email)
    .where('withdrawn_at', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Withdraws, at `at`, the consents an account gave that still stand. */
export async function withdrawStandingConsentsOfUser(
  db: Db,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('consents')
    .set({ withdrawn_at: at })
    .where('user_id', '=', userId)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/**
 * The consents of an address, or only those a given account gave, newest first, withdrawn ones
 * among them.
 */
export async function listConsents(
  db: Db,
  whose: { email: string } | { userId: string },
): Promise<ConsentRecord[]> {
  let query = db.selectFrom('consents').selectAll();
  query =
    'email' in whose
      ? query.where('email', '=', whose.email)
      : query.where('user_id', '=', whose.userId);
  const rows = await query.orderBy('given_at', 'desc').orderBy('id').execute();
  return rows.map(toConsent);
}

/** Unlinks a closed account from the consents it gave; the records themselves are kept. */
export async function unlinkConsentsOfUser(db: Db, userId: string): Promise<void> {
  await db.updateTable('consents').set({ user_id: null }).where('user_id', '=', userId).execute();
}
