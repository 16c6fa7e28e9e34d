import type { Selectable } from 'kysely';
import type { AuditAction, AuditEntry, AuditTargetType } from '../../shared/audit/audit';
import { alongRead, countRows, readPage } from '../sql/page-read';
import type { Db } from '../db/schema';
import {
  compact,
  emailWords,
  keptWords,
  reversedId,
  wordsOf,
  type SearchTerms,
} from '../sql/search-words';
import { foundBy } from '../sql/word-index';
import { toIsoString } from '../sql/timestamps';
import type { AuditEntriesTable } from './audit.table';

export interface NewAuditEntry {
  id: string;
  at: string;
  actor: { id: string; name: string; email: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const rowOf = (entry: NewAuditEntry) => ({
  id: entry.id,
  at: entry.at,
  actor_id: entry.actor.id,
  actor_name: entry.actor.name,
  actor_email: entry.actor.email,
  action: entry.action,
  target_type: entry.target.type,
  target_id: entry.target.id,
  target_label: entry.target.label,
  before: entry.before === null ? null : JSON.stringify(entry.before),
  after: entry.after === null ? null : JSON.stringify(entry.after),
});

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_entries').values(rowOf(entry)).execute();
  await addAuditWords(db, entry.id, auditWords(entry));
}

/** Entries written at once (an import's, one for each product it changed): one insert a table. */
export async function insertAuditEntries(db: Db, entries: readonly NewAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('audit_entries').values(entries.map(rowOf)).execute();
  const words = entries.flatMap((entry) =>
    auditWords(entry).map((word) => ({ word, entry_id: entry.id })),
  );
  if (words.length === 0) return;
  await db
    .insertInto('audit_words')
    .values(words)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** What an entry is found by: its target's id and label, and its actor's name and email. */
function auditWords(entry: Pick<NewAuditEntry, 'actor' | 'target'>): string[] {
  return keptWords([
    entry.target.id.toLowerCase(),
    reversedId(entry.target.id),
    compact(entry.target.label),
    ...wordsOf(entry.target.label),
    ...wordsOf(entry.actor.name),
    ...emailWords(entry.actor.email),
  ]);
}

async function addAuditWords(db: Db, entryId: string, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await db
    .insertInto('audit_words')
    .values(words.map((word) => ({ word, entry_id: entryId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Gives entries written before the audit log had words theirs, a batch at a time; answers how
 * many it gave words to.
 */
export async function addMissingAuditWords(db: Db, batch: number): Promise<number> {
  const rows = await db
    .selectFrom('audit_entries')
    .select(['id', 'actor_name', 'actor_email', 'target_type', 'target_id', 'target_label'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('audit_words')
            .select('word')
            .whereRef('audit_words.entry_id', '=', 'audit_entries.id'),
        ),
      ),
    )
    .limit(batch)
    .execute();
  for (const row of rows) {
    await addAuditWords(
      db,
      row.id,
      auditWords({
        actor: { id: '', name: row.actor_name, email: row.actor_email },
        target: { type: row.target_type, id: row.target_id, label: row.target_label },
      }),
    );
  }
  return rows.length;
}

const parsed = (json: string | null) =>
  json === null ? null : (JSON.parse(json) as Record<string, unknown>);

function toAuditEntry(row: Selectable<AuditEntriesTable>): AuditEntry {
  return {
    _id: row.id,
    at: toIsoString(row.at),
    actor: { _id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    before: parsed(row.before),
    after: parsed(row.after),
  };
}

export interface AuditFilter {
  /** Words beginning the target's id or label, or the actor's name or email. */
  terms?: SearchTerms;
  action?: AuditAction;
  actorId?: string;
  /** From this instant, inclusive. */
  since?: string;
  /** Before this instant. */
  before?: string;
}

/**
 * A page of entries, newest first, with how many match in all; the last page costs what the first
 * does.
 */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = db.selectFrom('audit_entries');
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('at', '<', filter.before);
  if (filter.terms !== undefined && filter.terms.whole !== '') {
    const { terms } = filter;
    const found = (await foundBy(db, 'audit_words', terms)).as('found');
    query = query.where((eb) =>
      eb('audit_entries.id', 'in', db.selectFrom(found).select('found.id')),
    );
  }
  // Along audit_entries_at_idx, a page past the middle from the oldest end.
  const { rows, total } = await readPage(
    { offset, limit },
    () => countRows(query),
    (at) =>
      alongRead(query.selectAll(), at, [
        ['at', 'desc'],
        ['id', 'desc'],
      ]).execute(),
  );
  return { entries: rows.map(toAuditEntry), total };
}

/** Keys of an entry's before and after that may hold who a person was, or staff's words on them. */
const PERSONAL_KEYS = new Set(['name', 'email', 'text']);

/**
 * Takes a person out of the entries about them (a closed customer): the label becomes `shownAs`,
 * their name and email leave the values before and after, and the words the entries are found by
 * are made again from what is left. The only change any entry ever has.
 */
export async function forgetAuditTarget(
  db: Db,
  target: { type: AuditTargetType; id: string },
  shownAs: string,
): Promise<void> {
  const rows = await db
    .selectFrom('audit_entries')
    .select(['id', 'actor_name', 'actor_email', 'before', 'after'])
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .execute();
  const withoutPerson = (json: string | null) => {
    const values = parsed(json);
    if (values === null) return null;
    return JSON.stringify(
      Object.fromEntries(Object.entries(values).filter(([key]) => !PERSONAL_KEYS.has(key))),
    );
  };
  for (const row of rows) {
    await db
      .updateTable('audit_entries')
      .set({
        target_label: shownAs,
        before: withoutPerson(row.before),
        after: withoutPerson(row.after),
      })
      .where('id', '=', row.id)
      .execute();
    await db.deleteFrom('audit_words').where('entry_id', '=', row.id).execute();
    await addAuditWords(
      db,
      row.id,
      auditWords({
        actor: { id: '', name: row.actor_name, email: row.actor_email },
        target: { type: target.type, id: target.id, label: shownAs },
      }),
    );
  }
}
