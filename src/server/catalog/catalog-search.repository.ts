import { sql, type RawBuilder } from 'kysely';
import type { Shelf } from '../../shared/catalog/shelves';
import type { Dialect } from '../db/database';
import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import { onShelf } from './catalog.repository';
import { holdsWrittenForm, type SearchWord } from './search-words';

/** Only letters and digits ever reach a query, so nothing a shopper types is read as syntax. */
const isToken = (token: string) => /^[\p{L}\p{N}]+$/u.test(token);

/** A word or words side by side; with `prefix` the last may be the start of a longer word. */
interface Phrase {
  tokens: string[];
  prefix: boolean;
}

/** Everything that satisfies one word: the word as a start, its phrases whole. */
function phrasesOf({ word, phrases }: SearchWord): Phrase[] {
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

interface Candidate {
  id: string;
  name: string;
  score: number;
}

/**
 * How many of the newest products PostgreSQL reads in order before it asks the full-text index
 * instead: a word that many products hold is found among them at once.
 */
const RECENT_WINDOW = 2400;

/**
 * PostgreSQL: the newest products read in date order, RECENT_WINDOW of them at most, and when
 * fewer than `limit` of those match (a rarer word), matches from the full-text index too, at
 * most RECENT_WINDOW of them, newest first. The work is bounded by the window, never by the
 * size of the catalogue: a common word is found among the newest products at once, a rare one
 * through the index, which holds few rows for it.
 */
async function findCandidatesPostgres(
  db: Db,
  words: readonly SearchWord[],
  shelf: Shelf | undefined,
  limit: number,
): Promise<Candidate[]> {
  const query = tsQuery(words);
  const recent = await db
    .selectFrom(
      db
        .selectFrom('products')
        .select(['id', 'name', 'created_at', sql<string>`search_vector`.as('search_vector')])
        .where('status', '=', 'live')
        .where(onShelf(shelf))
        .orderBy('created_at', 'desc')
        .limit(RECENT_WINDOW)
        .as('recent'),
    )
    .select(['id', 'name', 'created_at', sql<number>`ts_rank(search_vector, ${query})`.as('score')])
    .where(sql<boolean>`search_vector @@ ${query}`)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  if (recent.length >= limit) return recent;
  // Materialized, so that PostgreSQL plans it on its own and reads the full-text index, rather
  // than walk every product in date order hoping for a match that may not be there.
  const indexed = await db
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
          .limit(RECENT_WINDOW),
    )
    .selectFrom('matching')
    .select(['id', 'name', 'created_at', 'score'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  const seen = new Set(recent.map((row) => row.id));
  return [...recent, ...indexed.filter((row) => !seen.has(row.id))]
    .sort((a, b) => toIsoString(b.created_at).localeCompare(toIsoString(a.created_at)))
    .slice(0, limit);
}

/**
 * The newest `limit` live products (on the shelf, if one is given) matching every word, with
 * their relevance: higher is better.
 */
async function findCandidates(
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
async function writtenAsAsked(
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

interface SearchRequest {
  words: readonly SearchWord[];
  shelf?: Shelf | undefined;
  /** How many matches are ranked at most: the newest ones. */
  candidates: number;
}

/**
 * Full-text search over name, brand, category and description: the ids of the live products
 * matching, best matches first. Ranking is done within the newest `candidates` matches, so a
 * search that matches most of a large catalogue costs no more than one that matches a few
 * hundred products.
 */
export async function rankLiveMatches(
  db: Db,
  dialect: Dialect,
  { words, shelf, candidates }: SearchRequest,
): Promise<string[]> {
  const searchable = words.filter((word) => phrasesOf(word).length > 0);
  if (searchable.length === 0) return [];
  const found = await writtenAsAsked(
    db,
    searchable,
    await findCandidates(db, dialect, searchable, shelf, candidates),
  );
  return found
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.name.localeCompare(b.name, 'en-GB') ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((candidate) => candidate.id);
}

/**
 * Whether a word, on its own, finds a live product anywhere in the shop; or is ignored by the
 * index (PostgreSQL leaves out words such as `the`, which then stand in no one's way).
 */
type WordPresence = 'found' | 'missing' | 'ignored';

export async function wordPresence(
  db: Db,
  dialect: Dialect,
  words: readonly SearchWord[],
): Promise<WordPresence[]> {
  return Promise.all(
    words.map(async (word): Promise<WordPresence> => {
      if (phrasesOf(word).length === 0) return 'missing';
      if (dialect === 'postgres') {
        const { rows } = await sql<{ ignored: boolean }>`
          select numnode(${tsQuery([word])}) = 0 as ignored`.execute(db);
        if (rows[0]?.ignored) return 'ignored';
      }
      const found = await findCandidates(db, dialect, [word], undefined, 1);
      return found.length > 0 ? 'found' : 'missing';
    }),
  );
}
