import type { ShopDatabase } from '../db/database';
import { loadSearchVocabulary } from './catalog-search.repository';
import { catalogueWordsChanges } from './catalogue-changes';
import type { VocabularyWord } from './near-misses';

/** Another instance's changes are seen within this long; this instance's at once. */
const LONGEST_KEPT_MS = 60_000;

interface Kept {
  words: Promise<VocabularyWord[]>;
  changes: number;
  loadedAt: number;
}

const kept = new WeakMap<ShopDatabase['db'], Kept>();

/**
 * The words the search index holds, for matching a word that found nothing against them. Read
 * from the index the first time a near miss is looked for, then kept in memory until this
 * instance changes a product's words, or for a minute at most (another instance's changes).
 */
export function searchVocabulary({ db, dialect }: ShopDatabase): Promise<VocabularyWord[]> {
  const now = Date.now();
  const current = kept.get(db);
  if (
    current &&
    current.changes === catalogueWordsChanges() &&
    now - current.loadedAt < LONGEST_KEPT_MS
  ) {
    return current.words;
  }
  const words = loadSearchVocabulary(db, dialect);
  kept.set(db, { words, changes: catalogueWordsChanges(), loadedAt: now });
  // A failed read is not kept: the next search asks the index again.
  words.catch(() => {
    if (kept.get(db)?.words === words) kept.delete(db);
  });
  return words;
}
