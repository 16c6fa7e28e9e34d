/**
 * Near misses: a word the index does not hold, matched against the words it does hold, so that
 * `pendnat` finds pendants and `beenie` finds beanies.
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

/** Endings an index strips before it stores a word (`beanie` is kept as `beani`). */
const MAX_STRIPPED_ENDING = 3;

/**
 * How far a typed word is from an index term, where the term may be a stem: leaving out the
 * word's last few letters (the ending the index may have stripped) counts as one edit.
 */
export function distanceToTerm(word: string, term: string, limit: number): number {
  let best = editDistance(word, term, limit);
  if (term.length < 4 || limit < 1) return best;
  for (let cut = 1; cut <= MAX_STRIPPED_ENDING && word.length - cut >= term.length; cut += 1) {
    best = Math.min(best, 1 + editDistance(word.slice(0, word.length - cut), term, limit - 1));
  }
  return best;
}

export interface VocabularyWord {
  term: string;
  /** How many products hold it: the more, the likelier it is what the shopper meant. */
  documents: number;
}

const MAX_NEAR_MISSES = 3;

/**
 * The vocabulary's words nearest a word that found nothing: those at the smallest distance
 * within what the word's length allows, the commonest first, at most three.
 */
export function nearMisses(word: string, vocabulary: readonly VocabularyWord[]): VocabularyWord[] {
  const limit = allowedEdits(word);
  if (limit === 0) return [];
  let nearest = limit + 1;
  let found: VocabularyWord[] = [];
  for (const candidate of vocabulary) {
    if (candidate.term === word || candidate.term.length < 3) continue;
    const distance = distanceToTerm(word, candidate.term, Math.min(limit, nearest));
    if (distance > limit || distance > nearest) continue;
    if (distance < nearest) {
      nearest = distance;
      found = [];
    }
    found.push(candidate);
  }
  return found
    .sort((a, b) => b.documents - a.documents || a.term.localeCompare(b.term))
    .slice(0, MAX_NEAR_MISSES);
}

/**
 * The word of `texts` (what was found) nearest what the shopper typed, to say what the search
 * showed: `pendant` for `pendnat`, not the index's `pendant` stem or `pendants`.
 */
export function closestWordIn(typed: string, texts: readonly string[]): string | undefined {
  const limit = allowedEdits(typed) + MAX_STRIPPED_ENDING;
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  let best: { word: string; distance: number; count: number } | undefined;
  for (const [word, count] of counts) {
    const distance = editDistance(typed, word, limit);
    if (distance > limit) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && count > best.count) ||
      (distance === best.distance && count === best.count && word < best.word)
    ) {
      best = { word, distance, count };
    }
  }
  return best?.word;
}
