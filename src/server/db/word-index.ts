import { sql } from 'kysely';
import type { Db } from './schema';
import { LAST_CHARACTER, type SearchTerms } from './search-words';

/** The tables of words a search reads, each with the column naming what a word finds. */
const WORD_TABLES = { order_words: 'order_id', audit_words: 'entry_id' } as const;
export type WordTable = keyof typeof WORD_TABLES;

/** The ids with a word beginning with `prefix`: the words' index, read as a range. */
export function withWordFrom(db: Db, table: WordTable, prefix: string) {
  return db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(WORD_TABLES[table])}`.as('id'))
    .where('word', '>=', prefix)
    .where('word', '<', prefix + LAST_CHARACTER);
}

/**
 * The ids the terms find, as one set: those with a word the whole of what was typed begins, those
 * with every word typed (each word's ids intersected) and those whose id ends so. One set rather
 * than tests joined by OR, which PostgreSQL answered by testing every row of the table searched.
 */
export function foundBy(db: Db, table: WordTable, terms: SearchTerms) {
  let found = withWordFrom(db, table, terms.whole);
  const [first, ...others] = terms.words;
  if (first !== undefined && others.length > 0) {
    const everyWord = others.reduce(
      (both, word) => both.intersect(withWordFrom(db, table, word)),
      withWordFrom(db, table, first),
    );
    // In a FROM of its own: SQLite reads UNION and INTERSECT left to right, whatever they are.
    found = found.union(db.selectFrom(everyWord.as('every_word')).select('every_word.id'));
  }
  if (terms.idEnd !== undefined) found = found.union(withWordFrom(db, table, terms.idEnd));
  return found;
}
