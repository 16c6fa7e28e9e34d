import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { LAST_CHARACTER, type SearchTerms } from './search-words';

/**
 * The tables of words a search reads: the column naming what a word finds, and for words kept
 * with the date of what they find, that date's column.
 */
const WORD_TABLES = {
  order_words: { id: 'order_id', at: 'created_at' },
  audit_words: { id: 'entry_id', at: undefined },
} as const;
export type WordTable = keyof typeof WORD_TABLES;

/** The instants dated words must fall in: at or after `since`, before `before`. */
export interface Within {
  since?: string;
  before?: string;
}

/**
 * What has a word beginning with `prefix`, the words' index read as a range: its id, and its
 * date (null for undated words) within the instants asked.
 */
export function withWordFrom(db: Db, table: WordTable, prefix: string, within: Within = {}) {
  const { id, at } = WORD_TABLES[table];
  let query = db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(id)}`.as('id'))
    .select(
      at === undefined ? sql<string | null>`null`.as('at') : sql<string>`${sql.ref(at)}`.as('at'),
    )
    .where('word', '>=', prefix)
    .where('word', '<', prefix + LAST_CHARACTER);
  if (at !== undefined && within.since !== undefined) {
    query = query.where(sql.ref(at), '>=', within.since);
  }
  if (at !== undefined && within.before !== undefined) {
    query = query.where(sql.ref(at), '<', within.before);
  }
  return query;
}

/** Counted no further than this, a word's range is known to be broad. */
const BROAD = 1000;

/** How many words begin with `prefix`, counted no further than BROAD. */
async function breadthOf(db: Db, table: WordTable, prefix: string): Promise<number> {
  const { count } = await db
    .selectFrom(withWordFrom(db, table, prefix).limit(BROAD).as('range'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * What has every word typed: the narrowest word's range, each of its finds tested for the other
 * words through its own words. Intersecting the ranges would read every word of the broadest,
 * such as a postcode's district shared by thousands of orders, to keep a handful.
 */
async function withEveryWord(db: Db, table: WordTable, words: string[], within: Within) {
  const breadths = await Promise.all(words.map((word) => breadthOf(db, table, word)));
  const [narrowest, ...others] = words
    .map((word, index) => ({ word, breadth: breadths[index] ?? 0 }))
    .sort((one, other) => one.breadth - other.breadth)
    .map(({ word }) => word);
  const { id } = WORD_TABLES[table];
  return others.reduce(
    (found, word) =>
      found.where(
        sql<boolean>`exists (select 1 from ${sql.table(table)} as other
          where ${sql.ref(`other.${id}`)} = ${sql.ref(`${table}.${id}`)}
          and other.word >= ${word} and other.word < ${word + LAST_CHARACTER})`,
      ),
    withWordFrom(db, table, narrowest ?? '', within),
  );
}

/**
 * What the terms find, as one set of (id, date): that with a word the whole of what was typed
 * begins, that with every word typed and that whose id ends so. One set rather than tests joined
 * by OR, which PostgreSQL answered by testing every row of the table searched.
 */
export async function foundBy(db: Db, table: WordTable, terms: SearchTerms, within: Within = {}) {
  let found = withWordFrom(db, table, terms.whole, within);
  if (terms.words.length > 1) {
    found = found.union(await withEveryWord(db, table, terms.words, within));
  }
  if (terms.idEnd !== undefined) found = found.union(withWordFrom(db, table, terms.idEnd, within));
  return found;
}
