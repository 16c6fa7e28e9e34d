import { describe, expect, it } from 'vitest';
import { editDistance, nearMisses, nearMissTermsOf } from './near-misses';
import { KNOWN_WORDS } from './search-words';

describe('edit distance', () => {
  it.each([
    ['pendant', 'pendant', 0],
    ['pendnat', 'pendant', 1],
    ['jumpr', 'jumper', 1],
    ['beenie', 'beanie', 1],
    ['chian', 'chain', 1],
    ['scarf', 'scraf', 1],
    ['kitten', 'sitting', 3],
    ['', 'tee', 3],
    ['tee', '', 3],
  ])('from %j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b, 5)).toBe(distance);
    expect(editDistance(b, a, 5)).toBe(distance);
  });

  it('stops at its limit, answering one more', () => {
    expect(editDistance('pendant', 'bracelet', 2)).toBe(3);
    expect(editDistance('ring', 'ringlets', 1)).toBe(2);
  });
});

describe('near misses', () => {
  // Words of the demo catalogue's names, brands and categories, as the shop keeps them.
  const shopWords = [
    { term: 'pendant', documents: 7 },
    { term: 'pendants', documents: 7 },
    { term: 'beanie', documents: 3 },
    { term: 'jumper', documents: 7 },
    { term: 'juniper', documents: 1 },
    { term: 'ring', documents: 4 },
    { term: 'rind', documents: 1 },
    { term: 'tee', documents: 8 },
    { term: 'hoop', documents: 1 },
    { term: 'hoops', documents: 1 },
    { term: 'hats', documents: 5 },
    { term: 'patch', documents: 1 },
    { term: 'crescent', documents: 1 },
    { term: 'chains', documents: 5 },
    { term: 'earrings', documents: 1 },
  ];
  const tableWords = KNOWN_WORDS.map((term) => ({ term, documents: 0 }));
  const meant = (word: string) =>
    nearMisses(word, shopWords, tableWords).map((entry) => entry.term);

  it('put genuine slips right to a word the shop uses', () => {
    expect(meant('pendnat')).toEqual(['pendant']);
    expect(meant('beenie')).toEqual(['beanie']);
    expect(meant('jumpr')).toEqual(['jumper']);
    expect(meant('earings')).toEqual(['earrings']);
    expect(meant('epndant')).toEqual(['pendant']);
  });

  it('put slips right to a word the tables know', () => {
    expect(meant('necklase')).toEqual(['necklace']);
    expect(meant('jewlery')).toEqual(['jewelery', 'jewelry']);
    expect(meant('swaeter')).toEqual(['sweater']);
  });

  it('offer the commonest of words equally near, the shop’s own before the tables’', () => {
    expect(meant('rinf')).toEqual(['ring', 'rind']);
    expect(nearMisses('pendnat', shopWords, tableWords)).toEqual([
      { term: 'pendant', documents: 7 },
    ]);
  });

  it('never cross to another word by dropping or adding two letters', () => {
    // hoodie → hood → hoop was two steps across meaning.
    expect(meant('hoodie')).toEqual([]);
    expect(meant('hoodies')).toEqual([]);
    expect(editDistance('hoodie', 'hood', 2)).toBe(2);
    expect(nearMisses('hoodie', [{ term: 'hood', documents: 1 }])).toEqual([]);
  });

  it('never change the first letter, except by swapping the first two', () => {
    expect(meant('watch')).toEqual([]);
    expect(meant('present')).not.toContain('crescent');
    expect(meant('cardigan')).toEqual([]);
  });

  it('guess nothing for short words or words near nothing', () => {
    expect(meant('tea')).toEqual([]);
    expect(meant('tiara')).toEqual([]);
    expect(meant('zzzzzzzz')).toEqual([]);
  });
});

describe('the words a near miss may be put right to', () => {
  it('are the lower-cased words of letters, 3 to 40 of them, each once', () => {
    expect(nearMissTermsOf('Rose-Gold Vermeil Heart Pendant 12 Oriel & Ivy pendants')).toEqual([
      'rose',
      'gold',
      'vermeil',
      'heart',
      'pendant',
      'oriel',
      'ivy',
      'pendants',
    ]);
    expect(nearMissTermsOf("Crème O'Neil t-shirts")).toEqual(['crème', 'neil', 'shirts']);
    expect(nearMissTermsOf(`${'x'.repeat(41)} ok`)).toEqual([]);
  });
});
