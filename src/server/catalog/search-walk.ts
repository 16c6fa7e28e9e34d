import { lexemeCodesGiven, lexemeCodesOf } from './search-lexemes';
import { postingsOf, type Postings, type ShelfColumns } from './shelf-columns';

/** A lexeme a phrase needs; with `start`, any lexeme starting with it will do. */
export interface Stem {
  lexeme: string;
  start: boolean;
}

/** A search word as lexemes: any of its phrases will do; a phrase needs every one of its stems. */
export type LexemeWord = readonly (readonly Stem[])[];

/** Every stem of every phrase has a bit of its own in one 32-bit mask. */
const MOST_STEMS = 32;

/** How far a walk went: the ids found, and the place to go on from. */
export interface Walked {
  ids: string[];
  next: number;
}

const heldBy = ({ from }: Postings, code: number) =>
  code + 1 < from.length ? (from[code + 1] ?? 0) - (from[code] ?? 0) : 0;

/**
 * The entries of these columns that hold every word, in the columns' order from place `from`:
 * `want` of them at most, and the place to go on from. The walk starts from the postings of the
 * word the fewest entries hold, and reads each entry it passes for the other words, so it costs
 * what the matches cost, however large the catalogue is. A phrase's stems are known to be held,
 * not side by side: the database checks what is found. Undefined when the words have more stems
 * than a walk can tell apart (the database is asked instead); no words find nothing.
 */
export function entriesHolding(
  columns: ShelfColumns,
  words: readonly LexemeWord[],
  from: number,
  want: number,
): Walked | undefined {
  const { entries } = columns;
  const none: Walked = { ids: [], next: entries.length };
  if (words.flat(2).length > MOST_STEMS) return undefined;
  if (words.length === 0) return none;
  const postings = postingsOf(columns);
  /** The bits of the stems each lexeme satisfies. */
  const masks = new Int32Array(lexemeCodesGiven());
  /** For each word, the bits each of its phrases needs. */
  const needs: number[][] = [];
  /** The lexemes of the word the fewest entries hold, each phrase's rarest stem's. */
  let leading: { held: number; codes: number[] } | undefined;
  let bit = 0;
  for (const word of words) {
    const phrases: number[] = [];
    let held = 0;
    const codes: number[] = [];
    for (const phrase of word) {
      let need = 0;
      let rarest: { held: number; codes: number[] } | undefined;
      for (const stem of phrase) {
        const flag = 1 << bit++;
        need |= flag;
        const stemCodes = lexemeCodesOf(stem.lexeme, { start: stem.start });
        let stemHeld = 0;
        for (const code of stemCodes) {
          masks[code] = (masks[code] ?? 0) | flag;
          stemHeld += heldBy(postings, code);
        }
        if (rarest === undefined || stemHeld < rarest.held) {
          rarest = { held: stemHeld, codes: stemCodes };
        }
      }
      // A stem no entry holds: nothing holds the phrase.
      if (rarest === undefined || rarest.held === 0) continue;
      phrases.push(need);
      held += rarest.held;
      codes.push(...rarest.codes);
    }
    if (phrases.length === 0) return none;
    needs.push(phrases);
    if (leading === undefined || held < leading.held) leading = { held, codes };
  }
  if (leading === undefined) return none;

  const holdsEveryWord = (place: number) => {
    let held = 0;
    for (const code of entries[place]?.words ?? []) held |= masks[code] ?? 0;
    return needs.every((phrases) => phrases.some((need) => (held & need) === need));
  };
  const ids: string[] = [];
  for (const place of placesOf(postings, leading.codes, from, entries.length)) {
    if (!holdsEveryWord(place)) continue;
    ids.push(entries[place]?.id ?? '');
    if (ids.length === want) return { ids, next: place + 1 };
  }
  return { ids, next: entries.length };
}

/** The places holding any of these lexemes, in order, from `from` on. */
function* placesOf(postings: Postings, codes: readonly number[], from: number, count: number) {
  const { at } = postings;
  const [only] = codes;
  if (codes.length === 1 && only !== undefined) {
    let low = postings.from[only] ?? 0;
    let high = low + heldBy(postings, only);
    const end = high;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((at[middle] ?? 0) < from) low = middle + 1;
      else high = middle;
    }
    for (let slot = low; slot < end; slot += 1) yield at[slot] ?? 0;
    return;
  }
  const marked = new Uint8Array(count);
  for (const code of codes) {
    const start = postings.from[code] ?? 0;
    const end = start + heldBy(postings, code);
    for (let slot = start; slot < end; slot += 1) marked[at[slot] ?? 0] = 1;
  }
  for (let place = from; place < count; place += 1) if (marked[place] === 1) yield place;
}
