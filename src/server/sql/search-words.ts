// The back office finds things by what a person has to hand: a number, an id or the end of it, a
// name, an email, a postcode. Each is kept as words that a search compares by their beginnings,
// written the way the search writes what is typed, so case, spaces and hyphens never matter. A
// table of (word, id) read as one index range per typed word finds them, the same on SQLite and
// PostgreSQL, however many there are.

const LONGEST_WORD = 100;

/** Above every character a word holds: the end of the range of words a prefix begins. */
export const LAST_CHARACTER = '\uffff';

/** One way of writing a code however it is typed: `sw1a 1aa`, `SW1A1AA` and `k7qf-3mxa`. */
export const compact = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');

/** The words of a name: `Mary-Ann O'Neil` is `mary`, `ann`, `o`, `neil`. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@.+_]+/u)
    .filter((word) => word !== '');

/** An id (hex digits) written backwards under a mark, so its end can be found as a beginning. */
export const reversedId = (id: string) => `~${id.toLowerCase().split('').reverse().join('')}`;

/** Words as they are kept: each once, none empty, none too long for the index. */
export const keptWords = (words: readonly string[]) => [
  ...new Set(words.filter((word) => word !== '').map((word) => word.slice(0, LONGEST_WORD))),
];

/** An email as its words: whole, without its hyphens, and its parts. */
export const emailWords = (email: string) => [
  email.toLowerCase(),
  compact(email),
  ...wordsOf(email),
];

export interface SearchTerms {
  /** All of what was typed as one code. */
  whole: string;
  /** Each word typed: every one must begin a word of what is found. */
  words: string[];
  /** The end of an id, when what was typed looks like one. */
  idEnd?: string;
}

/** What to look for when a search is given `q`. */
export function searchTerms(q: string): SearchTerms {
  const whole = compact(q);
  return {
    whole,
    words: wordsOf(q),
    ...(/^[0-9a-f]{6,24}$/.test(whole) ? { idEnd: reversedId(whole) } : {}),
  };
}
