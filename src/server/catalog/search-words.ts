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
  ['gift', 'present'],
];

/**
 * What the shop offers a shopper looking for a present: its jewellery, and the knitted scarves
 * and gloves; for him, chains, rings and the warmer things.
 */
const GIFTS = ['pendant', 'chain', 'ring', 'bangle', 'bracelet', 'earring', 'scarf', 'glove'];
const GIFTS_FOR_HIM = ['chain', 'ring', 'cap', 'beanie', 'scarf', 'glove'];

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
  gift: GIFTS,
  present: GIFTS,
  forher: GIFTS,
  forhim: GIFTS_FOR_HIM,
};

/**
 * Phrases read as one word before anything else, so that the tables can say what they mean:
 * `t-shirt` and `t shirt` are `tshirt`, `for her` is `forher`.
 */
const JOINED: readonly (readonly [RegExp, string])[] = [
  [/\bt[\s-]*shirt/gu, 'tshirt'],
  [/\bfor\s+her\b/gu, 'forher'],
  [/\bfor\s+him\b/gu, 'forhim'],
];
/** Joined words nobody types as one: never offered for a near miss. */
const ONLY_JOINED: ReadonlySet<string> = new Set(['forher', 'forhim']);

/**
 * Words SQLite's stemmer cuts down to a shorter word of their own: it reads `earrings` and `ears`
 * alike, as `ear`, so a beanie "above the ears" would be among the earrings. A search that asks
 * for one of them (as typed, or as what another word means) finds only products holding one of
 * the word's forms as it is written.
 */
const STEMMED_TOO_FAR: ReadonlySet<string> = new Set(['earring']);

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
  (word) => !word.includes(' ') && !ONLY_JOINED.has(word),
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
 * punctuation never reaches the search engine. `t-shirt` and `t shirt` are one word, `tshirt`;
 * `for her` is `forher`.
 */
export function searchTerms(keyword: string): string[] {
  const joined = JOINED.reduce(
    (text, [phrase, word]) => text.replaceAll(phrase, word),
    keyword.toLowerCase(),
  );
  const words = joined.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)]
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/**
 * One word of a keyword and what satisfies it: the word itself as the start of a word of the
 * index (`pend` finds pendants), or any of its synonyms or spellings as whole words (`stud` is not
 * the start of `studio`). Every word of a keyword must be satisfied. The index stems each word as
 * it reads it.
 */
export interface SearchWord {
  /** As the shopper typed it, lower-cased. */
  word: string;
  /** Whole words, or words side by side: `[['jumper'], ['t', 'shirt']]`. */
  phrases: string[][];
  /**
   * For a word the index's stemmer cuts too far (STEMMED_TOO_FAR): a product found by it must
   * also hold a word beginning with one of these, its forms as written.
   */
  writtenAs?: string[];
}

const isToken = (token: string) => /^[\p{L}\p{N}]+$/u.test(token);

/** The phrases a word stands for besides itself, each cut into the index's tokens. */
function phrasesOf(word: string, alternatives: Iterable<string>): string[][] {
  return [...alternatives]
    .filter((phrase) => phrase !== word)
    .map((phrase) => phrase.split(' ').filter(isToken))
    .filter((phrase) => phrase.length > 0);
}

/** A word and the phrases that satisfy it, with the forms a match must hold when it needs them. */
function searchWordWith(word: string, phrases: string[][]): SearchWord {
  const tokens = [[word], ...phrases].flat();
  if (!tokens.some((token) => STEMMED_TOO_FAR.has(tableKeyOf(token) ?? token))) {
    return { word, phrases };
  }
  const firsts = [[word], ...phrases].flatMap((phrase) => phrase.slice(0, 1));
  return { word, phrases, writtenAs: [...new Set(firsts)] };
}

/** Everything a word of the keyword may be found by: itself, its spellings and synonyms. */
export function searchWordOf(word: string): SearchWord {
  const key = tableKeyOf(word);
  const alternatives = key ? (ALTERNATIVES.get(key) ?? []) : [];
  return searchWordWith(word, phrasesOf(word, alternatives));
}

/** The keyword's words, each widened by the tables. */
export function searchWordsOf(keyword: string): SearchWord[] {
  return searchTerms(keyword).map(searchWordOf);
}

/**
 * What a word typed wrongly stands for once a near miss put it right to words the shop uses or
 * the tables know (`pendnat` to `pendant`): those words, and everything they stand for, as whole
 * words.
 */
export function searchWordPutRight(typed: string, meant: readonly string[]): SearchWord {
  const phrases = meant.flatMap((word) => [
    [word],
    ...phrasesOf(word, ALTERNATIVES.get(tableKeyOf(word) ?? word) ?? []),
  ]);
  const once = new Map(phrases.map((phrase) => [phrase.join(' '), phrase]));
  return searchWordWith(typed, [...once.values()]);
}

/**
 * Whether a product's text holds a word beginning with one of `forms`: what a word the stemmer
 * cuts too far is checked against.
 */
export function holdsWrittenForm(text: string, forms: readonly string[]): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((word) => forms.some((form) => word.startsWith(form)));
}
