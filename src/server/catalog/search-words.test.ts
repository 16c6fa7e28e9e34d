import { describe, expect, it } from 'vitest';
import {
  holdsWrittenForm,
  KNOWN_WORDS,
  searchWordOf,
  searchWordPutRight,
  searchWordsOf,
} from './search-words';

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
    expect(searchWordOf('topaz')).toEqual({ word: 'topaz', phrases: [] });
  });

  it('offer a speller only single words a shopper types', () => {
    expect(KNOWN_WORDS).toContain('necklace');
    expect(KNOWN_WORDS).toContain('jewelry');
    expect(KNOWN_WORDS).toContain('present');
    expect(KNOWN_WORDS.some((word) => word.includes(' '))).toBe(false);
    expect(KNOWN_WORDS).not.toContain('forher');
  });
});

describe('gift words', () => {
  it('find the jewellery, scarves and gloves for a gift, a present or for her', () => {
    for (const word of ['gift', 'gifts', 'present', 'presents']) {
      expect(phrasesFor(word)).toEqual(
        expect.arrayContaining(['pendant', 'chain', 'ring', 'bangle', 'earring', 'scarf', 'glove']),
      );
    }
    expect(phrasesFor('gift')).toContain('present');
    expect(phrasesFor('present')).toContain('gift');
    expect(searchWordsOf('Gift for her').map((word) => word.word)).toEqual(['gift', 'forher']);
    expect(phrasesFor('forher')).toEqual(expect.arrayContaining(['pendant', 'earring']));
  });

  it('find chains, rings, caps and the warmer things for him', () => {
    expect(searchWordsOf('presents for  him').map((word) => word.word)).toEqual([
      'presents',
      'forhim',
    ]);
    expect(phrasesFor('forhim')).toEqual(['chain', 'ring', 'cap', 'beanie', 'scarf', 'glove']);
  });

  it('leave "for" alone before any other word', () => {
    expect(searchWordsOf('for hire').map((word) => word.word)).toEqual(['for', 'hire']);
    expect(searchWordsOf('former').map((word) => word.word)).toEqual(['former']);
  });
});

describe('words a stemmer cuts too far', () => {
  it('are found only as written: earrings, and every word that means them', () => {
    expect(searchWordOf('earrings').writtenAs).toEqual(['earrings', 'earring', 'hoop', 'stud']);
    expect(searchWordOf('jewellery').writtenAs).toEqual(expect.arrayContaining(['earring']));
    expect(searchWordOf('gift').writtenAs).toEqual(expect.arrayContaining(['gift', 'pendant']));
    expect(searchWordOf('beanie').writtenAs).toBeUndefined();
  });

  it('are held by a text with a word beginning with one of their forms', () => {
    const forms = ['earrings', 'earring', 'hoop', 'stud'];
    expect(holdsWrittenForm('Chunky Gold Hoop Earrings', forms)).toBe(true);
    expect(holdsWrittenForm('Pearl studs', forms)).toBe(true);
    expect(holdsWrittenForm('A beanie that sits above the ears.', forms)).toBe(false);
  });
});

describe('a word put right', () => {
  it('stands for the words it was put right to and all they mean', () => {
    const word = searchWordPutRight('necklase', ['necklace']);
    expect(word.word).toBe('necklase');
    expect(word.phrases.map((phrase) => phrase.join(' '))).toEqual([
      'necklace',
      'pendant',
      'chain',
    ]);
    expect(searchWordPutRight('earings', ['earrings']).writtenAs).toEqual(
      expect.arrayContaining(['earrings', 'hoop']),
    );
  });
});
