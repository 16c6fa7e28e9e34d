import { PRODUCTS_PER_PAGE } from '../../shared/catalog';
import type { Shelf } from '../../shared/shelves';
import type { ShopDatabase } from '../db/database';
import { searchLiveProducts, wordPresence } from './catalog-search.repository';
import type { ProductRecord, ProductSlice } from './catalog.repository';
import { closestWordIn, nearMisses, type VocabularyWord } from './near-misses';
import { searchVocabulary } from './search-vocabulary';
import {
  KNOWN_WORDS,
  phrasesOfKnownWord,
  searchWordsOf,
  shopSpellingOf,
  type SearchWord,
} from './search-words';

/**
 * How many of the newest matches a search ranks and counts: 20 pages. A search that matches most
 * of a large catalogue then costs about what one matching a few hundred products does.
 */
const SEARCH_CANDIDATES = 240;

export interface SearchAnswer {
  slice: ProductSlice;
  suggestion?: string;
}

interface Correction {
  word: SearchWord;
  /** What to show the shopper: a word of the shop's tables, or found in the products. */
  shownAs: string | undefined;
}

/** The words the tables know, offered as a speller offers them; the index's own words win ties. */
const TABLE_WORDS: readonly VocabularyWord[] = KNOWN_WORDS.map((term) => ({ term, documents: 0 }));
const TABLE_WORD_SET: ReadonlySet<string> = new Set(KNOWN_WORDS);

/**
 * What a word that finds nothing was probably meant to be: the nearest words of the tables
 * (`necklase` → necklace, pendant, chain) and of the index (`pendnat` → the stem `pendant`).
 */
function correctionOf(
  word: SearchWord,
  vocabulary: readonly VocabularyWord[],
): Correction | undefined {
  const near = nearMisses(word.word, [...TABLE_WORDS, ...vocabulary]);
  if (near.length === 0) return undefined;
  const fromTables = near.filter(
    (entry) => TABLE_WORD_SET.has(entry.term) && entry.documents === 0,
  );
  const fromIndex = near.filter((entry) => !fromTables.includes(entry));
  const phrases = fromTables.flatMap((entry) => phrasesOfKnownWord(entry.term));
  return {
    word: { word: word.word, phrases, indexTerms: fromIndex.map((entry) => entry.term) },
    shownAs: fromTables[0] && shopSpellingOf(fromTables[0].term),
  };
}

/** The keyword a shopper is shown: each word as typed, or as put right; hopeless words left out. */
function suggestionOf(
  words: readonly SearchWord[],
  corrections: readonly (Correction | 'found' | undefined)[],
  found: readonly ProductRecord[],
): string {
  const texts = found.flatMap((product) => [
    product.name,
    product.category,
    product.brand,
    product.description,
  ]);
  return words
    .flatMap((word, index) => {
      const correction = corrections[index];
      if (correction === 'found') return [word.word];
      if (correction === undefined) return [];
      return [
        correction.shownAs ??
          closestWordIn(word.word, texts) ??
          correction.word.indexTerms[0] ??
          word.word,
      ];
    })
    .join(' ');
}

/**
 * A search of the catalogue (of one shelf, if given) by a shopper's keyword. Its words are
 * widened with synonyms and other spellings. When they find nothing, a word the index does not
 * hold is put right when it is near one it does (`pendnat` finds pendants), and the answer says
 * which keyword it showed; a word near nothing is left out of a suggestion, and nothing is shown.
 */
export async function searchProducts(
  database: ShopDatabase,
  keyword: string,
  shelf: Shelf | undefined,
  offset: number,
): Promise<SearchAnswer> {
  const { db, dialect } = database;
  const page = (words: readonly SearchWord[], from = offset) =>
    searchLiveProducts(db, dialect, {
      words,
      shelf,
      offset: from,
      limit: PRODUCTS_PER_PAGE,
      candidates: SEARCH_CANDIDATES,
    });
  const words = searchWordsOf(keyword);
  const asTyped = await page(words);
  if (asTyped.total > 0 || words.length === 0) return { slice: asTyped };

  const presence = await wordPresence(db, dialect, words);
  if (!presence.includes('missing')) return { slice: asTyped };
  const vocabulary = await searchVocabulary(database);
  const corrections = words.map((word, index) =>
    presence[index] === 'missing' ? correctionOf(word, vocabulary) : ('found' as const),
  );
  const usable = words.flatMap((word, index) => {
    const correction = corrections[index];
    return correction === 'found' ? [word] : correction ? [correction.word] : [];
  });
  if (usable.length === 0) return { slice: asTyped };
  const putRight = await page(usable);
  if (putRight.total === 0) return { slice: asTyped };

  const shown = putRight.products.length > 0 ? putRight.products : (await page(usable, 0)).products;
  const suggestion = suggestionOf(words, corrections, shown);
  // Words near nothing: the shopper is offered the rest, not shown it as if they had asked.
  const hopeless = corrections.includes(undefined);
  return { slice: hopeless ? asTyped : putRight, suggestion };
}
