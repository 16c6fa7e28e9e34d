import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditPage,
  type AuditQuery,
  type AuditTargetType,
} from '../../shared/audit/audit';
import { ukDayEnd, ukDayStart } from '../../shared/uk-time';
import type { UserAccount } from '../accounts/user-account';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { nowIso } from '../sql/timestamps';
import { pageCount, pageOffset } from '../http/paging';
import { searchTerms } from '../sql/search-words';
import {
  addMissingAuditWords,
  forgetAuditTarget,
  insertAuditEntries,
  insertAuditEntry,
  listAuditEntries,
} from './audit.repository';

/** Who made a change: the signed-in staff member or admin. */
export type Actor = Pick<UserAccount, 'id' | 'name' | 'email'>;

export interface Change {
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes down a change by staff or an admin, in the change's own transaction: the change and its
 * entry are kept together or not at all. Nothing edits or deletes an entry once written.
 */
export function recordChange(trx: Db, actor: Actor, change: Change): Promise<void> {
  return insertAuditEntry(trx, entryOf(actor, change));
}

/**
 * Writes down changes made together (an import's, up to a few hundred), as `recordChange` does
 * each, in a statement a table rather than two a change.
 */
export function recordChanges(trx: Db, actor: Actor, changes: readonly Change[]): Promise<void> {
  return insertAuditEntries(
    trx,
    changes.map((change) => entryOf(actor, change)),
  );
}

function entryOf(actor: Actor, change: Change) {
  return {
    id: newId(),
    at: nowIso(),
    actor: { id: actor.id, name: actor.name, email: actor.email },
    action: change.action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
  };
}

/**
 * A customer closed (by themselves or an admin): the entries about their account keep what was
 * done and by whom, but no longer their name or email, as labels or as values.
 */
export async function forgetCustomerInAudit(
  trx: Db,
  userId: string,
  shownAs: string,
): Promise<void> {
  await forgetAuditTarget(trx, { type: 'user', id: userId }, shownAs);
  await forgetAuditTarget(trx, { type: 'customer', id: userId }, shownAs);
}

/**
 * The fields whose values differ between two states of one thing, each side with only those:
 * what an update entry keeps. Undefined on the after side means "not changed".
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | undefined {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return Object.keys(now).length === 0 ? undefined : { before: was, after: now };
}

/** One page of the audit log, newest first, filtered as the admin asked. */
export async function auditPage(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { entries, total } = await listAuditEntries(
    db,
    {
      terms: query.q === undefined || query.q === '' ? undefined : searchTerms(query.q),
      action: query.action,
      actorId: query.actor,
      since: query.from === undefined ? undefined : ukDayStart(query.from).toISOString(),
      before: query.to === undefined ? undefined : ukDayEnd(query.to).toISOString(),
    },
    { offset: pageOffset(query.pageNumber, AUDIT_PAGE_SIZE), limit: AUDIT_PAGE_SIZE },
  );
  return {
    entries,
    page: query.pageNumber,
    pages: pageCount(total, AUDIT_PAGE_SIZE),
  };
}

const BATCH = 500;

/**
 * Gives the entries written before the audit log had words the words they are found by; run at
 * start-up, in its lock. Answers how many it gave words to.
 */
export async function indexUnsearchedAuditEntries(db: Db): Promise<number> {
  let indexed = 0;
  for (;;) {
    const done = await addMissingAuditWords(db, BATCH);
    indexed += done;
    if (done < BATCH) return indexed;
  }
}
