import { sql } from 'kysely';
import type { Dialect } from '../db/database';
import type { Db } from '../db/schema';
import type { VocabularyWord } from './near-misses';

// The kept words of live products' names, brands and categories (migration 022): the triggers
// note each change as a line of `search_term_changes`, and these fold the lines into counts in
// `search_terms` and read the counts back.

interface NotedChange {
  words: string;
  delta: number;
}

/** The oldest noted changes, at most `limit`, taken off the list (in the caller's transaction). */
async function takeNotedChanges(db: Db, dialect: Dialect, limit: number): Promise<NotedChange[]> {
  if (dialect === 'postgres') {
    // Lines another instance is folding are passed over, not waited for: each is folded once.
    const { rows } = await sql<NotedChange>`
      delete from search_term_changes where id in (
        select id from search_term_changes order by id limit ${limit} for update skip locked
      )
      returning words, delta`.execute(db);
    return rows;
  }
  const { rows } = await sql<NotedChange & { id: number }>`
    select id, words, delta from search_term_changes order by id limit ${limit}`.execute(db);
  const last = rows.at(-1);
  if (last) await sql`delete from search_term_changes where id <= ${last.id}`.execute(db);
  return rows;
}

/** SQLite: a number above every one kept (its one writer at a time makes each fold's higher). */
async function nextSqliteChange(db: Db): Promise<number> {
  const { rows } = await sql<{ next: number }>`
    select coalesce(max(changed), 0) + 1 as next from search_terms`.execute(db);
  return rows[0]?.next ?? 1;
}

/** Terms written in one statement at most: well within both databases' limits on parameters. */
const TERMS_PER_STATEMENT = 500;

/**
 * Adds `moved` to the terms' counts, in the terms' order, so that two instances folding at once
 * wait for each other's terms in the same order rather than each holding one the other needs.
 */
async function addToCounts(db: Db, dialect: Dialect, moved: [string, number][]): Promise<void> {
  const changed =
    dialect === 'postgres' ? sql`pg_current_xact_id()` : sql.lit(await nextSqliteChange(db));
  for (let start = 0; start < moved.length; start += TERMS_PER_STATEMENT) {
    const rows = moved
      .slice(start, start + TERMS_PER_STATEMENT)
      .map(([term, delta]) => sql`(${term}, ${delta}, ${changed})`);
    await sql`
      insert into search_terms (term, documents, changed) values ${sql.join(rows)}
      on conflict (term) do update
        set documents = search_terms.documents + excluded.documents, changed = excluded.changed
    `.execute(db);
  }
}

/**
 * Folds up to `limit` of the oldest noted changes into the terms' counts, in one transaction: a
 * change is counted exactly once, whichever instance folds it. `termsOf` cuts a product's words
 * into the terms kept. Answers how many changes it folded.
 */
export async function foldNotedChanges(
  db: Db,
  dialect: Dialect,
  limit: number,
  termsOf: (words: string) => readonly string[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const changes = await takeNotedChanges(trx, dialect, limit);
    const sums = new Map<string, number>();
    for (const { words, delta } of changes) {
      for (const term of termsOf(words)) sums.set(term, (sums.get(term) ?? 0) + delta);
    }
    const moved = [...sums]
      .filter(([, delta]) => delta !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (moved.length > 0) await addToCounts(trx, dialect, moved);
    return changes.length;
  });
}

export interface TermsRead {
  /** Terms whose counts changed since the mark given, with their counts now (0: gone). */
  terms: VocabularyWord[];
  /** Where the next read starts. */
  mark: string;
}

/**
 * The terms whose counts changed since `mark` (all of them without one), read by an index range.
 * PostgreSQL: the mark is the oldest transaction still running when this read began, so a count
 * moved by a transaction that commits after this read is read next time, whenever it began.
 * SQLite, which commits one writer at a time in order: the highest number read.
 */
export async function readTermsChangedSince(
  db: Db,
  dialect: Dialect,
  mark: string | undefined,
): Promise<TermsRead> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ mark: string; term: string | null; documents: number | null }>`
      select snapshot.mark::text as mark, kept.term, kept.documents
      from (select pg_snapshot_xmin(pg_current_snapshot()) as mark) as snapshot
      left join search_terms as kept on kept.changed >= ${mark ?? '0'}::xid8`.execute(db);
    return {
      terms: rows.flatMap(({ term, documents }) =>
        term === null || documents === null ? [] : [{ term, documents }],
      ),
      mark: rows[0]?.mark ?? mark ?? '0',
    };
  }
  const { rows } = await sql<{ term: string; documents: number; changed: number }>`
    select term, documents, changed from search_terms
    where changed > ${Number(mark ?? 0)} order by changed`.execute(db);
  return {
    terms: rows.map(({ term, documents }) => ({ term, documents })),
    mark: String(rows.at(-1)?.changed ?? mark ?? 0),
  };
}

/** Whether any noted change waits to be folded. */
export async function hasNotedChanges(db: Db): Promise<boolean> {
  const { rows } = await sql<{ id: unknown }>`
    select id from search_term_changes limit 1`.execute(db);
  return rows.length > 0;
}
