import { describe, expect, it } from 'vitest';
import { searchTerms } from './search-words';

describe('search terms', () => {
  it('are the lower-cased words of the keyword, once each', () => {
    expect(searchTerms('Gold  CHAIN gold')).toEqual(['gold', 'chain']);
  });

  it('drop every character that could be query syntax', () => {
    expect(searchTerms(`moon" OR "x* NEAR( -silver`)).toEqual([
      'moon',
      'or',
      'x',
      'near',
      'silver',
    ]);
    expect(searchTerms(`' OR 1=1 --`)).toEqual(['or', '1']);
    expect(searchTerms('***')).toEqual([]);
  });

  it('keep letters of any alphabet', () => {
    expect(searchTerms('Café crème')).toEqual(['café', 'crème']);
  });

  it('are bounded in number and length', () => {
    expect(searchTerms('a b c d e f g h i j k')).toHaveLength(8);
    expect(searchTerms('x'.repeat(100))[0]).toHaveLength(40);
  });
});
