import type { Shelf } from '../../shared/catalog/shelves';
import type { ShopDatabase } from '../db/database';
import {
  findCandidates,
  phrasesOf,
  writtenAsAsked,
  type Candidate,
} from './catalog-search.repository';
import { nearMisses, type VocabularyWord } from './near-misses';
import { ignoredByPostgres, newestMatchesPostgres } from './postgres-search';
import { searchVocabulary } from './search-vocabulary';
import {
  KNOWN_WORDS,
  searchWordPutRight,
  searchWordsOf,
  shopSpellingOf,
  type SearchWord,
} from './search-words';
import type { ShelfEntries } from './shelf-index';

/**
 * How many of the newest matches a search ranks and counts: 20 pages. A search that matches most
 * of a large catalogue then costs about what one matching a few hundred products does.
 */
const SEARCH_CANDIDATES = 240;

export interface SearchAnswer {
  /** The live products found, best matches first. */
  ranked: string[];
  suggestion?: string;
  /** Words of the keyword that no live product holds, and that are near no word the shop uses. */
  unmatched?: string[];
}

interface Correction {
  word: SearchWord;
  /** What to show the shopper: the word the shop uses, in its own spelling. */
  shownAs: string;
}

/** Where a search is asked: the shop's database, and this instance's index of its shelves. */
interface Searched {
  database: ShopDatabase;
  entries: ShelfEntries;
}

/** The newest `limit` live products (on the shelf, if given) matching every word, with relevance. */
function findNewestMatches(
  { database: { db, dialect }, entries }: Searched,
  words: readonly SearchWord[],
  shelf: Shelf | undefined,
  limit: number,
): Promise<Candidate[]> {
  return dialect === 'postgres'
    ? newestMatchesPostgres(db, entries, words, shelf, limit)
    : findCandidates(db, dialect, words, shelf, limit);
}

/**
 * The ids of the live products (on the shelf, if given) matching every word, best matches first.
 * Ranking is done within the newest SEARCH_CANDIDATES matches, so a search that matches most of a
 * large catalogue costs no more than one that matches a few hundred products.
 */
async function rankLiveMatches(
  searched: Searched,
  words: readonly SearchWord[],
  shelf: Shelf | undefined,
): Promise<string[]> {
  const searchable = words.filter((word) => phrasesOf(word).length > 0);
  if (searchable.length === 0) return [];
  const found = await writtenAsAsked(
    searched.database.db,
    searchable,
    await findNewestMatches(searched, searchable, shelf, SEARCH_CANDIDATES),
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

async function wordPresence(
  searched: Searched,
  words: readonly SearchWord[],
): Promise<WordPresence[]> {
  const { db, dialect } = searched.database;
  const ignored =
    dialect === 'postgres' ? await ignoredByPostgres(db, words) : words.map(() => false);
  return Promise.all(
    words.map(async (word, index): Promise<WordPresence> => {
      if (phrasesOf(word).length === 0) return 'missing';
      if (ignored[index]) return 'ignored';
      const found = await findNewestMatches(searched, [word], undefined, 1);
      return found.length > 0 ? 'found' : 'missing';
    }),
  );
}

/** The words the tables know, offered as a speller offers them; the shop's own words win ties. */
const TABLE_WORDS: readonly VocabularyWord[] = KNOWN_WORDS.map((term) => ({ term, documents: 0 }));

/**
 * What a word that finds nothing was probably meant to be: the nearest words the shop's products
 * are named with (`pendnat` → pendant) and the tables know (`necklase` → necklace, which finds
 * pendants and chains).
 */
function correctionOf(
  word: SearchWord,
  vocabulary: readonly VocabularyWord[],
): Correction | undefined {
  const near = nearMisses(word.word, vocabulary, TABLE_WORDS);
  const commonest = near[0];
  if (!commonest) return undefined;
  return {
    word: searchWordPutRight(
      word.word,
      near.map((entry) => entry.term),
    ),
    shownAs: shopSpellingOf(commonest.term),
  };
}

/** The keyword a shopper is shown: each word as typed, or as put right; hopeless words left out. */
function suggestionOf(
  words: readonly SearchWord[],
  corrections: readonly (Correction | 'found' | undefined)[],
): string {
  return words
    .flatMap((word, index) => {
      const correction = corrections[index];
      if (correction === 'found') return [word.word];
      return correction ? [correction.shownAs] : [];
    })
    .join(' ');
}

/**
 * A search of the catalogue (of one shelf, if given) by a shopper's keyword. Its words are
 * widened with synonyms and other spellings. When they find nothing, a word no live product holds
 * is put right when it is a likely slip for a word the shop uses (`pendnat` finds pendants), and
 * the answer says which keyword it showed. A word near nothing is named in `unmatched` and left
 * out of a suggestion, and nothing is shown: a shopper is never shown something they did not ask
 * for (`hoodie` finds no hoops).
 */
export async function searchProducts(
  searched: Searched,
  keyword: string,
  shelf: Shelf | undefined,
): Promise<SearchAnswer> {
  const rank = (words: readonly SearchWord[]) => rankLiveMatches(searched, words, shelf);
  const words = searchWordsOf(keyword);
  const asTyped = await rank(words);
  if (asTyped.length > 0 || words.length === 0) return { ranked: asTyped };

  const presence = await wordPresence(searched, words);
  if (!presence.includes('missing')) return { ranked: asTyped };
  const vocabulary = await searchVocabulary(searched.database);
  const corrections = words.map((word, index) =>
    presence[index] === 'missing' ? correctionOf(word, vocabulary) : ('found' as const),
  );
  const unmatched = words.flatMap((word, index) => (corrections[index] ? [] : [word.word]));
  const nothing: SearchAnswer = {
    ranked: asTyped,
    ...(unmatched.length > 0 ? { unmatched } : {}),
  };
  const usable = words.flatMap((word, index) => {
    const correction = corrections[index];
    return correction === 'found' ? [word] : correction ? [correction.word] : [];
  });
  if (usable.length === 0) return nothing;
  const putRight = await rank(usable);
  if (putRight.length === 0) return nothing;

  const suggestion = suggestionOf(words, corrections);
  // Words near nothing: the shopper is offered the rest, not shown it as if they had asked.
  return unmatched.length > 0 ? { ...nothing, suggestion } : { ranked: putRight, suggestion };
}
