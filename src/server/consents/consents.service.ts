import {
  consentWording,
  type Consent,
  type ConsentPurpose,
  type ConsentSource,
} from '../../shared/consents/consents';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { nowIso } from '../sql/timestamps';
import type { ConsentRecord } from './consent-record';
import {
  findConsent,
  findStandingConsent,
  countStanding,
  insertConsent,
  listConsents,
  listStandingConsents,
  unlinkConsentsOfUser,
  withdrawStandingConsents,
  withdrawStandingConsentsOfUser,
} from './consents.repository';

export type { ConsentRecord };

/** Whose consents a signed-in person sees and controls. */
export interface ConsentHolder {
  id: string;
  email: string;
  /** Whether the account proved its address is its own (a mailed link followed). */
  emailProved: boolean;
}

/**
 * Records that an address agreed to a purpose, in the words the shop shows at that place, unless
 * a consent for it already stands. Answers the consent that stands afterwards.
 */
export async function giveConsent(
  db: Db,
  {
    email,
    purpose,
    source,
    userId = null,
  }: { email: string; purpose: ConsentPurpose; source: ConsentSource; userId?: string | null },
): Promise<ConsentRecord> {
  const wording = consentWording(purpose, source);
  if (wording === undefined) throw new Error(`The shop shows no ${purpose} consent at ${source}`);
  await insertConsent(db, {
    id: newId(),
    email,
    purpose,
    wording,
    source,
    userId,
    givenAt: nowIso(),
  });
  const standing = await findStandingConsent(db, email, purpose);
  if (!standing)
    throw new Error(`The ${purpose} consent of an address was withdrawn as it was given`);
  return standing;
}

/** Withdraws, now, what an address agreed to for a purpose; answers whether anything stood. */
export async function withdrawConsent(
  db: Db,
  email: string,
  purpose: ConsentPurpose,
): Promise<boolean> {
  return (await withdrawStandingConsents(db, { email, purpose, at: nowIso() })) > 0;
}

export const consentById = (db: Db, id: string) => findConsent(db, id);

/** Whether a consent, named by id, still stands: not withdrawn (and not unknown). */
export async function consentStillStands(db: Db, id: string): Promise<boolean> {
  const consent = await findConsent(db, id);
  return consent !== undefined && consent.withdrawnAt === null;
}

/** Every consent that stands for a purpose, oldest first: whom a mail for it may go to now. */
export const standingConsentsFor = (db: Db, purpose: ConsentPurpose) =>
  listStandingConsents(db, purpose);

/** How many consents stand for a purpose now. */
export const countStandingConsents = (db: Db, purpose: ConsentPurpose) =>
  countStanding(db, purpose);

export const standingConsent = (db: Db, email: string, purpose: ConsentPurpose) =>
  findStandingConsent(db, email, purpose);

const present = ({ purpose, wording, source, givenAt, withdrawnAt }: ConsentRecord): Consent => ({
  purpose,
  wording,
  source,
  givenAt,
  withdrawnAt,
});

/**
 * A signed-in person's consents, newest first, withdrawn ones kept. Those kept by email (a footer
 * sign-up) are theirs only once the account has proved the address; until then, only what the
 * account itself gave.
 */
export async function consentsOf(db: Db, holder: ConsentHolder): Promise<Consent[]> {
  const records = await listConsents(
    db,
    holder.emailProved ? { email: holder.email } : { userId: holder.id },
  );
  return records.map(present);
}

/**
 * Closing an account: every consent that stands for it is withdrawn now, so nothing more is
 * mailed; the records stay, unlinked from the account, as the evidence of what was agreed.
 */
export async function withdrawConsentsOnClosing(db: Db, holder: ConsentHolder): Promise<void> {
  const at = nowIso();
  await withdrawStandingConsentsOfUser(db, holder.id, at);
  if (holder.emailProved) await withdrawStandingConsents(db, { email: holder.email, at });
  await unlinkConsentsOfUser(db, holder.id);
}
