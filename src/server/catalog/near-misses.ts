/**
 * Near misses: a word no product holds, matched against the words the shop's products are named
 * with and the words of the search tables, so that `pendnat` finds pendants and `beenie` finds
 * beanies, and `hoodie` finds nothing rather than hoops.
 */

/**
 * How many single-letter edits (insert, delete, change, or swap two neighbours) turn `a` into
 * `b`, or `limit + 1` as soon as it is clearly more than `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the classic table: two back (for swaps), one back, and this one.
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (twoBack[j - 2] ?? 0) + 1);
      }
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit + 1, limit + 1);
}

/** How far a typed word may be from a word of the shop: none for short words, where a guess would mislead. */
function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 6 ? 1 : 2;
}

/**
 * Whether a word of the shop is a likely slip for what was typed, before counting edits: people
 * rarely get a word's first letter wrong (`watch` is not a slip for `patch`), except by swapping
 * the first two, and rarely drop or add two letters at once (`hoodie` is not a slip for `hood`,
 * nor `hood` for `hoodie`). These keep a near miss from crossing to another word altogether.
 */
function couldBeSlipFor(typed: string, term: string): boolean {
  if (Math.abs(typed.length - term.length) > 1) return false;
  if (typed[0] === term[0]) return true;
  return typed[0] === term[1] && typed[1] === term[0];
}

export interface VocabularyWord {
  term: string;
  /** How many products hold it: the more, the likelier it is what the shopper meant. */
  documents: number;
}

const MAX_NEAR_MISSES = 3;

/**
 * The words nearest a word that found nothing, from the shop's words: those at the smallest
 * distance within what the word's length allows, the commonest first, at most three. Only a
 * likely slip counts (couldBeSlipFor); a word in several lists counts once, as its commonest.
 */
export function nearMisses(
  word: string,
  ...vocabularies: readonly (readonly VocabularyWord[])[]
): VocabularyWord[] {
  const limit = allowedEdits(word);
  if (limit === 0) return [];
  let nearest = limit + 1;
  const found = new Map<string, VocabularyWord>();
  for (const vocabulary of vocabularies) {
    for (const candidate of vocabulary) {
      if (candidate.term === word || !couldBeSlipFor(word, candidate.term)) continue;
      const distance = editDistance(word, candidate.term, Math.min(limit, nearest));
      if (distance > limit || distance > nearest) continue;
      if (distance < nearest) {
        nearest = distance;
        found.clear();
      }
      const known = found.get(candidate.term);
      if (!known || known.documents < candidate.documents) found.set(candidate.term, candidate);
    }
  }
  return [...found.values()]
    .sort((a, b) => b.documents - a.documents || a.term.localeCompare(b.term))
    .slice(0, MAX_NEAR_MISSES);
}

const SHORTEST_TERM = 3;
const LONGEST_TERM = 40;

/**
 * The words of a product's name, brand and category that a near miss may be put right to:
 * lower-cased, letters only, 3 to 40 of them, each once.
 */
export function nearMissTermsOf(text: string): string[] {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return [...new Set(words)].filter(
    (word) => word.length >= SHORTEST_TERM && word.length <= LONGEST_TERM,
  );
}
