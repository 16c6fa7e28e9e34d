import * as z from 'zod/mini';
import { sql, type RawBuilder } from 'kysely';
import type { Shelf } from '../../shared/catalog/shelves';
import type { Dialect } from '../db/database';
import type { Db } from '../db/schema';
import { onShelf } from './catalog.repository';
import { holdsWrittenForm, type SearchWord } from './search-words';

/** Only letters and digits ever reach a query, so nothing a shopper types is read as syntax. */
const isToken = (token: string) => /^[\p{L}\p{N}]+$/u.test(token);

/** A word or words side by side; with `prefix` the last may be the start of a longer word. */
export interface Phrase {
  tokens: string[];
  prefix: boolean;
}

/** Everything that satisfies one word: the word as a start, its phrases whole. */
export function phrasesOf({ word, phrases }: SearchWord): Phrase[] {
  return [
    { tokens: [word], prefix: true },
    ...phrases.map((tokens) => ({ tokens, prefix: false })),
  ].filter((phrase) => phrase.tokens.length > 0 && phrase.tokens.every(isToken));
}

/**
 * FTS5: every word is needed, any of its phrases will do, after the index's own stemming:
 * `("necklace"* OR "pendant" OR "chain") AND ("gold"*)`. Without `starts`, words are whole:
 * `("necklace" OR "pendant" OR "chain") AND ("gold")`.
 */
function ftsMatch(words: readonly SearchWord[], { starts = true } = {}): string {
  return words
    .map((word) => {
      const phrases = phrasesOf(word).map(
        ({ tokens, prefix }) => `"${tokens.join(' ')}"${prefix && starts ? '*' : ''}`,
      );
      return `(${phrases.join(' OR ')})`;
    })
    .join(' AND ');
}

/**
 * PostgreSQL: the same as a tsquery. The words go through the `english` configuration, stemmed
 * as the stored vector was.
 */
function tsQuery(words: readonly SearchWord[]): RawBuilder<unknown> {
  const anyOf = words.map((word) => {
    const phrases = phrasesOf(word).map(({ tokens, prefix }) => {
      const text = `${tokens.join(' <-> ')}${prefix ? ':*' : ''}`;
      return sql`to_tsquery('english', ${text})`;
    });
    return sql`(${sql.join(phrases, sql` || `)})`;
  });
  return sql`(${sql.join(anyOf, sql` && `)})`;
}

export interface Candidate {
  id: string;
  name: string;
  score: number;
}

/**
 * How many matches PostgreSQL takes from its full-text index at most, when a search has more
 * stems than this instance's shelf index can walk.
 */
const INDEXED_AT_MOST = 2400;

/**
 * PostgreSQL: matches from the full-text index, INDEXED_AT_MOST of them at most, the newest
 * `limit` of those.
 */
function findCandidatesPostgres(
  db: Db,
  words: readonly SearchWord[],
  shelf: Shelf | undefined,
  limit: number,
): Promise<Candidate[]> {
  const query = tsQuery(words);
  // Materialized, so that PostgreSQL plans it on its own and reads the full-text index, rather
  // than walk every product in date order hoping for a match that may not be there.
  return db
    .with(
      (cte) => cte('matching').materialized(),
      (qb) =>
        qb
          .selectFrom('products')
          .select([
            'id',
            'name',
            'created_at',
            sql<number>`ts_rank(search_vector, ${query})`.as('score'),
          ])
          .where(sql<boolean>`search_vector @@ ${query}`)
          .where('status', '=', 'live')
          .where(onShelf(shelf))
          .limit(INDEXED_AT_MOST),
    )
    .selectFrom('matching')
    .select(['id', 'name', 'score'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * PostgreSQL: those of these products that are live (on the shelf, if given) and match every
 * word, with their relevance: higher is better.
 */
export async function liveMatchesAmong(
  db: Db,
  words: readonly SearchWord[],
  ids: readonly string[],
  shelf: Shelf | undefined,
): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const query = tsQuery(words);
  // Materialized, so that the products are read by id: asked for a match and ids together, the
  // planner reads the full-text index, gathering every product holding a common word.
  return db
    .with(
      (cte) => cte('named').materialized(),
      (qb) =>
        qb
          .selectFrom('products')
          .select(['id', 'name', sql<string>`search_vector`.as('search_vector')])
          .where(sql<boolean>`id = any(${[...ids]}::text[])`)
          .where('status', '=', 'live')
          .where(onShelf(shelf)),
    )
    .selectFrom('named')
    .select(['id', 'name', sql<number>`ts_rank(search_vector, ${query})`.as('score')])
    .where(sql<boolean>`search_vector @@ ${query}`)
    .execute();
}

const stemsRow = z.object({ token: z.string(), lexemes: z.array(z.string()) });

/** PostgreSQL: the lexemes each token comes to in the `english` configuration (none: ignored). */
export async function lexemesOfTokens(
  db: Db,
  tokens: readonly string[],
): Promise<Map<string, string[]>> {
  if (tokens.length === 0) return new Map();
  const { rows } = await sql`
    select token, tsvector_to_array(to_tsvector('english', token)) as lexemes
    from unnest(${[...tokens]}::text[]) as token`.execute(db);
  return new Map(
    rows.map((row) => {
      const { token, lexemes } = stemsRow.parse(row);
      return [token, lexemes];
    }),
  );
}

/**
 * The newest `limit` live products (on the shelf, if one is given) matching every word, with
 * their relevance (higher is better), as the full-text index finds them.
 */
export async function findCandidates(
  db: Db,
  dialect: Dialect,
  words: readonly SearchWord[],
  shelf: Shelf | undefined,
  limit: number,
): Promise<Candidate[]> {
  if (dialect === 'postgres') return findCandidatesPostgres(db, words, shelf, limit);
  const matching = async (match: string) => {
    const rows = await db
      .selectFrom(sql<{ product_id: string }>`product_search`.as('s'))
      .innerJoin('products', 'products.id', 's.product_id')
      // Column weights: product_id (unindexed), name, brand, category, description.
      .select([
        'products.id',
        'products.name',
        sql<number>`bm25(product_search, 0, 10, 4, 4, 1)`.as('score'),
      ])
      .where(sql<boolean>`product_search match ${match}`)
      .where('products.status', '=', 'live')
      .where(onShelf(shelf))
      // The index's own order, the last indexed first: the walk stops after `limit` matches.
      .orderBy(sql`s.rowid`, 'desc')
      .limit(limit)
      .execute();
    // bm25 is lower for better matches.
    return rows.map((row) => ({ ...row, score: -row.score }));
  };
  // FTS5 walks a whole word's matches newest first and stops at `limit`, but gathers every match
  // of a word's start before it can order them. So whole words are asked first: when they fill
  // the candidates (a word thousands of products hold), those are the newest matches to rank,
  // and the cost stays that of `limit` rows however large the catalogue grows.
  const whole = await matching(ftsMatch(words, { starts: false }));
  if (whole.length >= limit) return whole;
  return matching(ftsMatch(words));
}

/**
 * The candidates that hold each word a stemmer cuts too far in one of its written forms (a beanie
 * "above the ears" is not among the earrings): their texts are read only when a word needs it.
 */
export async function writtenAsAsked(
  db: Db,
  words: readonly SearchWord[],
  found: Candidate[],
): Promise<Candidate[]> {
  const checked = words.flatMap((word) => (word.writtenAs ? [word.writtenAs] : []));
  if (checked.length === 0 || found.length === 0) return found;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'name', 'brand', 'category', 'description'])
    .where(
      'id',
      'in',
      found.map((candidate) => candidate.id),
    )
    .execute();
  const kept = new Set(
    rows
      .filter((row) => {
        const text = `${row.name} ${row.brand} ${row.category} ${row.description}`;
        return checked.every((forms) => holdsWrittenForm(text, forms));
      })
      .map((row) => row.id),
  );
  return found.filter((candidate) => kept.has(candidate.id));
}
