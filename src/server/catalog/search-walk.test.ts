import { describe, expect, it } from 'vitest';
import { lexemeCode, lexemeCodesOf } from './search-lexemes';
import { entriesHolding, type LexemeWord, type Stem } from './search-walk';
import { columnsOf, rewriteEntry } from './shelf-columns';
import { ENTRY_ORDERS, NO_WORDS, type ShelfEntry } from './shelf-entry';

let next = 0;
/** An entry holding these lexemes, each made after the one before. */
function entry(lexemes: readonly string[], category = 'rings'): ShelfEntry {
  next += 1;
  return {
    id: `p${String(next).padStart(4, '0')}`,
    category,
    department: 'jewellery',
    createdAt: Date.UTC(2026, 0, 1) + next * 1000,
    pricePence: 1000,
    inStock: true,
    sizes: [],
    metal: 0,
    stone: 0,
    colour: 0,
    material: 0,
    unitsSold: 0,
    rating: 0,
    numReviews: 0,
    words: lexemes.length === 0 ? NO_WORDS : Int32Array.from(new Set(lexemes), lexemeCode),
  };
}

const newestFirst = (entries: readonly ShelfEntry[]) => [...entries].sort(ENTRY_ORDERS.newest);
const whole = (lexeme: string): Stem => ({ lexeme, start: false });
const start = (lexeme: string): Stem => ({ lexeme, start: true });
/** A word of one phrase of one stem. */
const word = (stem: Stem): LexemeWord => [[stem]];

describe('the codes of lexemes', () => {
  it('give each lexeme one number, and find every lexeme a start begins', () => {
    const silver = lexemeCode('silver');
    expect(lexemeCode('silver')).toBe(silver);
    const silverware = lexemeCode('silverwar');
    lexemeCode('silk');
    expect(lexemeCodesOf('silver')).toEqual([silver]);
    expect(lexemeCodesOf('silver', { start: true }).sort()).toEqual([silver, silverware].sort());
    expect(lexemeCodesOf('silvery')).toEqual([]);
    expect(lexemeCodesOf('silvery', { start: true })).toEqual([]);
    // A lexeme seen after the starts were last looked up is found too.
    const silverside = lexemeCode('silversid');
    expect(lexemeCodesOf('silvers', { start: true })).toEqual([silverside]);
  });
});

describe('walking the entries that hold a search’s words', () => {
  const oldPendant = entry(['silver', 'pendant']);
  const chain = entry(['gold', 'chain']);
  const silverwarePendant = entry(['silverwar', 'pendant', 'tray']);
  const ring = entry(['silver', 'ring']);
  const newPendant = entry(['silver', 'pendant', 'moon']);
  const columns = columnsOf(newestFirst([oldPendant, chain, silverwarePendant, ring, newPendant]));

  it('finds the entries holding every word, newest first', () => {
    expect(entriesHolding(columns, [word(whole('silver')), word(whole('pendant'))], 0, 10)).toEqual(
      { ids: [newPendant.id, oldPendant.id], next: 5 },
    );
  });

  it('takes a longer lexeme for a start, and only then', () => {
    const ids = (stem: Stem) => entriesHolding(columns, [word(stem), word(whole('pendant'))], 0, 9);
    expect(ids(start('silver'))?.ids).toEqual([newPendant.id, silverwarePendant.id, oldPendant.id]);
    expect(ids(whole('silver'))?.ids).toEqual([newPendant.id, oldPendant.id]);
  });

  it('takes any of a word’s phrases, and a phrase only with all of its stems', () => {
    const necklace: LexemeWord = [[whole('necklac')], [whole('pendant')], [whole('chain')]];
    expect(entriesHolding(columns, [necklace], 0, 9)?.ids).toEqual([
      newPendant.id,
      silverwarePendant.id,
      chain.id,
      oldPendant.id,
    ]);
    const goldChain: LexemeWord = [[whole('gold'), whole('chain')]];
    expect(entriesHolding(columns, [goldChain], 0, 9)?.ids).toEqual([chain.id]);
    const silverChain: LexemeWord = [[whole('silver'), whole('chain')]];
    expect(entriesHolding(columns, [silverChain], 0, 9)?.ids).toEqual([]);
  });

  it('goes on from where it stopped, to the same matches a whole walk finds', () => {
    const words = [word(start('silver'))];
    const first = entriesHolding(columns, words, 0, 2);
    expect(first).toEqual({ ids: [newPendant.id, ring.id], next: 2 });
    expect(entriesHolding(columns, words, first?.next ?? 0, 2)).toEqual({
      ids: [silverwarePendant.id, oldPendant.id],
      next: 5,
    });
  });

  it('finds nothing for a word nothing holds, or for no words at all', () => {
    const none = { ids: [], next: 5 };
    expect(entriesHolding(columns, [word(whole('silver')), word(whole('tiara'))], 0, 9)).toEqual(
      none,
    );
    expect(entriesHolding(columns, [word(start('zircon'))], 0, 9)).toEqual(none);
    expect(entriesHolding(columns, [], 0, 9)).toEqual(none);
  });

  it('leaves words of more stems than it can tell apart to the database', () => {
    const many: LexemeWord = Array.from({ length: 33 }, (_, at) => [whole(`gem${at}`)]);
    expect(entriesHolding(columns, [many], 0, 9)).toBeUndefined();
  });

  it('walks a shelf’s own entries', () => {
    const pendants = entry(['silver', 'pendant'], 'pendants');
    const shelf = columnsOf(newestFirst([ring, pendants, newPendant]), 'pendants');
    expect(entriesHolding(shelf, [word(whole('silver'))], 0, 9)?.ids).toEqual([pendants.id]);
  });

  it('finds a product by its new words once it is reworded, and not by its old ones', () => {
    const listed = columnsOf(newestFirst([oldPendant, ring]));
    expect(entriesHolding(listed, [word(whole('ring'))], 0, 9)?.ids).toEqual([ring.id]);
    const renamed = { ...ring, words: Int32Array.from(['silver', 'band'], lexemeCode) };
    Object.assign(ring, renamed);
    expect(rewriteEntry(listed, ring, { reworded: true })).toBe(true);
    expect(entriesHolding(listed, [word(whole('ring'))], 0, 9)?.ids).toEqual([]);
    expect(entriesHolding(listed, [word(whole('band'))], 0, 9)?.ids).toEqual([ring.id]);
  });
});

describe('a walk against every entry read in turn', () => {
  /** Random numbers that come out the same every run. */
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const LEXEMES = ['oak', 'oat', 'oath', 'opal', 'orb', 'ore', 'owl', 'ox', 'oxen', 'oyster'];
  const pick = () => LEXEMES[Math.floor(random() * LEXEMES.length)] ?? 'oak';
  const entries = Array.from({ length: 400 }, () =>
    entry(Array.from({ length: 1 + Math.floor(random() * 4) }, pick)),
  );
  const columns = columnsOf(newestFirst(entries));

  const holds = (candidate: ShelfEntry, stem: Stem) =>
    [...candidate.words].some((code) =>
      lexemeCodesOf(stem.lexeme, { start: stem.start }).includes(code),
    );
  const holdsWord = (candidate: ShelfEntry, lexemeWord: LexemeWord) =>
    lexemeWord.some((phrase) => phrase.every((stem) => holds(candidate, stem)));

  it('finds exactly the entries that hold every word, in order, page after page', () => {
    for (let round = 0; round < 200; round += 1) {
      const words: LexemeWord[] = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({
            lexeme: pick().slice(0, 1 + Math.floor(random() * 3)),
            start: random() < 0.5,
          })),
        ),
      );
      const expected = columns.entries
        .filter((candidate) => words.every((lexemeWord) => holdsWord(candidate, lexemeWord)))
        .map((candidate) => candidate.id);
      const want = 1 + Math.floor(random() * 40);
      const found: string[] = [];
      let from = 0;
      for (;;) {
        const walked = entriesHolding(columns, words, from, want);
        if (walked === undefined) throw new Error('a walk of a few stems was refused');
        found.push(...walked.ids);
        if (walked.ids.length < want) break;
        from = walked.next;
      }
      expect({ words, found }).toEqual({ words, found: expected });
    }
  });
});
