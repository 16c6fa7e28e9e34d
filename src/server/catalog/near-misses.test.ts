import { describe, expect, it } from 'vitest';
import { closestWordIn, distanceToTerm, editDistance, nearMisses } from './near-misses';

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

  it('count a stem as one edit away when only an ending it strips is left over', () => {
    // The index keeps beanie as `beani`, and sterling as `sterl`.
    expect(distanceToTerm('beenie', 'beani', 2)).toBe(2);
    expect(distanceToTerm('sterlng', 'sterl', 2)).toBe(1);
    expect(distanceToTerm('caps', 'cap', 2)).toBe(1);
    // Cutting an ending is not a free pass to any word: tiarra is not near fair.
    expect(distanceToTerm('tiarra', 'fair', 2)).toBe(3);
  });
});

describe('near misses', () => {
  const vocabulary = [
    { term: 'pendant', documents: 14 },
    { term: 'beani', documents: 3 },
    { term: 'jumper', documents: 7 },
    { term: 'juniper', documents: 1 },
    { term: 'ring', documents: 4 },
    { term: 'rind', documents: 1 },
    { term: 'tee', documents: 8 },
  ];

  it('find the nearest words of the index', () => {
    expect(nearMisses('pendnat', vocabulary).map((word) => word.term)).toEqual(['pendant']);
    expect(nearMisses('beenie', vocabulary).map((word) => word.term)).toEqual(['beani']);
    expect(nearMisses('jumpr', vocabulary).map((word) => word.term)).toEqual(['jumper']);
  });

  it('offer the commonest of words equally near', () => {
    expect(nearMisses('rinf', vocabulary).map((word) => word.term)).toEqual(['ring', 'rind']);
  });

  it('guess nothing for short words or words near nothing', () => {
    expect(nearMisses('tea', vocabulary)).toEqual([]);
    expect(nearMisses('tiara', vocabulary)).toEqual([]);
    expect(nearMisses('zzzzzzzz', vocabulary)).toEqual([]);
  });
});

describe('the word shown for a near miss', () => {
  it('is the word of what was found nearest what was typed', () => {
    const texts = ['Crescent Moon Pendant', 'pendants', 'A pendant on a fine chain.'];
    expect(closestWordIn('pendnat', texts)).toBe('pendant');
    expect(closestWordIn('beenie', ['Chunky Bobble Beanie', 'hats'])).toBe('beanie');
    expect(closestWordIn('pendnat', ['Curb Chain'])).toBeUndefined();
  });
});
