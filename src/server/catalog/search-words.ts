/**
 * The words shoppers use for what the shop sells, in both spellings. A keyword's words are
 * widened with these before they reach the full-text index, so `necklace` finds pendants and
 * chains, `sweater` finds jumpers and `jewelry` finds jewellery. Keys are singular; a phrase
 * (`t shirt`) matches its words side by side.
 */

/**
 * One word, several spellings: British first (the shop's own, and the one a suggestion shows),
 * then American, then misspellings shoppers often type.
 */
const SPELLINGS: readonly (readonly string[])[] = [
  ['jewellery', 'jewelry', 'jewelery', 'jewellry'],
  ['colour', 'color'],
  ['grey', 'gray'],
  ['favourite', 'favorite'],
  ['cosy', 'cozy'],
  ['woollen', 'woolen'],
  ['woolly', 'wooly'],
  ['personalised', 'personalized'],
  ['oxidised', 'oxidized'],
  ['centre', 'center'],
  ['aluminium', 'aluminum'],
  ['pyjama', 'pajama'],
  ['moustache', 'mustache'],
];

/** Words that name the same thing: any of them finds all of them. */
const SAME_THINGS: readonly (readonly string[])[] = [
  ['jumper', 'sweater', 'pullover'],
  ['tee', 'tshirt', 't shirt'],
  ['bangle', 'bracelet'],
  ['glove', 'mitten'],
  ['tote', 'bag'],
];

/** What a broader or everyday word also means in this shop (one way: a hoop is not a stud). */
const ALSO_MEANS: Readonly<Record<string, readonly string[]>> = {
  jewellery: ['pendant', 'chain', 'necklace', 'ring', 'bangle', 'bracelet', 'earring'],
  necklace: ['pendant', 'chain'],
  earring: ['hoop', 'stud'],
  knit: ['knitwear', 'jumper'],
  knitted: ['knit', 'knitwear', 'jumper'],
  knitwear: ['knit', 'jumper'],
  toque: ['beanie'],
  tuque: ['beanie'],
  snapback: ['cap'],
  baseball: ['cap'],
  handbag: ['tote', 'bag'],
  scarves: ['scarf'],
  muffler: ['scarf'],
  shirt: ['tee', 't shirt'],
};

function addAll(map: Map<string, Set<string>>, key: string, words: readonly string[]) {
  const known = map.get(key) ?? new Set<string>([key]);
  for (const word of words) known.add(word);
  map.set(key, known);
}

/** Every word the tables know, with everything it finds (itself included). */
const ALTERNATIVES: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of [...SPELLINGS, ...SAME_THINGS]) {
    for (const word of group) addAll(map, word, group);
  }
  for (const [word, meanings] of Object.entries(ALSO_MEANS)) addAll(map, word, meanings);
  // A spelling of a word means what the word means: `jewelry` finds pendants as `jewellery` does.
  for (const spellings of SPELLINGS) {
    const meanings = spellings.flatMap((spelling) => [...(map.get(spelling) ?? [])]);
    for (const spelling of spellings) addAll(map, spelling, meanings);
  }
  return map;
})();

/** Words the tables know, as a speller may offer them (`sweatr` is near `sweater`). */
export const KNOWN_WORDS: readonly string[] = [...ALTERNATIVES.keys()].filter(
  (word) => !word.includes(' '),
);

/** How the shop spells a word the tables know: `jewellery` for jewelry or jewelery. */
export function shopSpellingOf(word: string): string {
  return SPELLINGS.find((spellings) => spellings.includes(word))?.[0] ?? word;
}

/** `necklaces` → `necklace`, `dresses` → `dress`: enough to find a word in the tables. */
function tableKeyOf(word: string): string | undefined {
  const candidates = [word, word.replace(/s$/, ''), word.replace(/es$/, '')];
  return candidates.find((candidate) => ALTERNATIVES.has(candidate));
}

const MAX_SEARCH_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The words of a shopper's keyword, lower-cased, once each, at most 8 of 40 letters or digits:
 * punctuation never reaches the search engine. `t-shirt` and `t shirt` are one word, `tshirt`.
 */
export function searchTerms(keyword: string): string[] {
  const joined = keyword.toLowerCase().replaceAll(/\bt[\s-]*shirt/gu, 'tshirt');
  const words = joined.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * One word of a keyword and what satisfies it: the word itself as the start of a word of the
 * index (`pend` finds pendants), any of its synonyms or spellings as whole words (`stud` is not
 * the start of `studio`), or an index term (taken from the index's own vocabulary, as a start).
 * Every word of a keyword must be satisfied. The index stems each word as it reads it.
 */
export interface SearchWord {
  /** As the shopper typed it, lower-cased. */
  word: string;
  /** Whole words, or words side by side: `[['jumper'], ['t', 'shirt']]`. */
  phrases: string[][];
  /** Index terms, as the index stores them (`beani` for beanie). */
  indexTerms: string[];
}

const isToken = (token: string) => /^[\p{L}\p{N}]+$/u.test(token);

/** The phrases a word stands for besides itself, each cut into the index's tokens. */
function phrasesOf(word: string, alternatives: Iterable<string>): string[][] {
  return [...alternatives]
    .filter((phrase) => phrase !== word)
    .map((phrase) => phrase.split(' ').filter(isToken))
    .filter((phrase) => phrase.length > 0);
}

/** Everything a word of the keyword may be found by: itself, its spellings and synonyms. */
export function searchWordOf(word: string): SearchWord {
  const key = tableKeyOf(word);
  const alternatives = key ? (ALTERNATIVES.get(key) ?? []) : [];
  return { word, phrases: phrasesOf(word, alternatives), indexTerms: [] };
}

/** The keyword's words, each widened by the tables. */
export function searchWordsOf(keyword: string): SearchWord[] {
  return searchTerms(keyword).map(searchWordOf);
}

/**
 * What a word typed wrongly stands for once a speller chose a word of the tables for it: that
 * word and everything it stands for, as whole words.
 */
export function phrasesOfKnownWord(known: string): string[][] {
  return phrasesOf('', ALTERNATIVES.get(known) ?? [known]);
}
