import { describe, expect, it } from 'vitest';
import { KNOWN_WORDS, searchWordOf, searchWordsOf } from './search-words';

const phrasesFor = (word: string) => searchWordOf(word).phrases.map((phrase) => phrase.join(' '));

describe('search words', () => {
  it('widen a word with its synonyms, besides the word itself', () => {
    expect(phrasesFor('necklace')).toEqual(['pendant', 'chain']);
    expect(phrasesFor('sweater')).toEqual(['jumper', 'pullover']);
    expect(phrasesFor('tee')).toEqual(['tshirt', 't shirt']);
    expect(phrasesFor('bracelet')).toEqual(['bangle']);
    expect(phrasesFor('earrings')).toEqual(['earring', 'hoop', 'stud']);
  });

  it('know both spellings, and that jewelry means what jewellery does', () => {
    expect(phrasesFor('jewelry')).toEqual(
      expect.arrayContaining(['jewellery', 'pendant', 'chain', 'ring', 'bangle']),
    );
    expect(phrasesFor('jewellery')).toEqual(expect.arrayContaining(['jewelry']));
    expect(phrasesFor('color')).toEqual(['colour']);
    expect(phrasesFor('grey')).toEqual(['gray']);
  });

  it('look plurals up by their singular', () => {
    expect(phrasesFor('necklaces')).toEqual(['necklace', 'pendant', 'chain']);
    expect(phrasesFor('sweaters')).toEqual(expect.arrayContaining(['jumper']));
    expect(phrasesFor('scarves')).toEqual(['scarf']);
  });

  it('read t-shirt, t shirt and tshirts as one word', () => {
    expect(searchWordsOf('Striped T-Shirt').map((word) => word.word)).toEqual([
      'striped',
      'tshirt',
    ]);
    expect(searchWordsOf('t shirts').map((word) => word.word)).toEqual(['tshirts']);
    expect(phrasesFor('tshirts')).toEqual(expect.arrayContaining(['tee', 't shirt']));
  });

  it('leave words the tables do not know as they are', () => {
    expect(searchWordOf('topaz')).toEqual({ word: 'topaz', phrases: [], indexTerms: [] });
  });

  it('offer a speller only single words', () => {
    expect(KNOWN_WORDS).toContain('necklace');
    expect(KNOWN_WORDS).toContain('jewelry');
    expect(KNOWN_WORDS.some((word) => word.includes(' '))).toBe(false);
  });
});
