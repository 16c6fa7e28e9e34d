import type { Shelf } from '../../shared/catalog/shelves';
import type { Db } from '../db/schema';
import {
  findCandidates,
  lexemesOfTokens,
  liveMatchesAmong,
  phrasesOf,
  type Candidate,
} from './catalog-search.repository';
import type { SearchWord } from './search-words';
import { entriesHolding, type LexemeWord } from './search-walk';
import type { ShelfEntries } from './shelf-index';

/** The lexemes of tokens asked before: the same token always comes to the same lexemes. */
const lexemesKept = new Map<string, string[]>();
const MOST_KEPT = 10_000;

async function lexemesOf(db: Db, tokens: readonly string[]): Promise<Map<string, string[]>> {
  const asked = [...new Set(tokens)].filter((token) => !lexemesKept.has(token));
  if (asked.length > 0) {
    const found = await lexemesOfTokens(db, asked);
    if (lexemesKept.size + found.size > MOST_KEPT) lexemesKept.clear();
    for (const [token, lexemes] of found) lexemesKept.set(token, lexemes);
  }
  return new Map(tokens.map((token) => [token, lexemesKept.get(token) ?? []]));
}

/**
 * A word as the lexemes PostgreSQL's query of it needs: a token the configuration ignores
 * (`the`) needs none, and a word whose every phrase needs none is ignored, as the database
 * ignores it (an empty list).
 */
function lexemeWordOf(word: SearchWord, lexemes: ReadonlyMap<string, string[]>): LexemeWord {
  return phrasesOf(word)
    .map(({ tokens, prefix }) =>
      tokens.flatMap((token, at) => {
        const found = lexemes.get(token) ?? [];
        // A token of several lexemes is only known to hold each as a start.
        const start = (prefix && at === tokens.length - 1) || found.length > 1;
        return found.map((lexeme) => ({ lexeme, start }));
      }),
    )
    .filter((stems) => stems.length > 0);
}

async function lexemeWordsOf(db: Db, words: readonly SearchWord[]) {
  const tokens = words.flatMap((word) => phrasesOf(word).flatMap((phrase) => phrase.tokens));
  const lexemes = await lexemesOf(db, tokens);
  return words.map((word) => lexemeWordOf(word, lexemes));
}

/** Whether PostgreSQL's configuration ignores each word (`the`): it then stands in no one's way. */
export async function ignoredByPostgres(db: Db, words: readonly SearchWord[]): Promise<boolean[]> {
  return (await lexemeWordsOf(db, words)).map((word) => word.length === 0);
}

/**
 * PostgreSQL: the newest `limit` live products (on the shelf, if given) matching every word,
 * with their relevance. This instance's shelf index walks the products holding the words' lexemes
 * newest first, and the database confirms each and scores it; a walk costs what its matches
 * cost, where the full-text index must gather every product holding a common word (`silver`)
 * before it can put the newest first.
 */
export async function newestMatchesPostgres(
  db: Db,
  entries: ShelfEntries,
  words: readonly SearchWord[],
  shelf: Shelf | undefined,
  limit: number,
): Promise<Candidate[]> {
  const needed = (await lexemeWordsOf(db, words)).filter((word) => word.length > 0);
  const columns = entries.columns('newest', shelf);
  const found: Candidate[] = [];
  let from = 0;
  while (found.length < limit) {
    const want = limit - found.length;
    const walked = entriesHolding(columns, needed, from, want);
    if (walked === undefined) return findCandidates(db, 'postgres', words, shelf, limit);
    found.push(...(await liveMatchesAmong(db, words, walked.ids, shelf)));
    if (walked.ids.length < want) break;
    from = walked.next;
  }
  return found;
}
