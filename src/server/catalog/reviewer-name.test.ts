import { describe, expect, it } from 'vitest';
import { reviewerName, UNNAMED_REVIEWER } from './reviewer-name';

describe('the name a review is published under', () => {
  it.each([
    ['Hannah Wright', 'Hannah W.'],
    ['Mary Jane Smith', 'Mary S.'],
    ['  Rae   Reviewer ', 'Rae R.'],
    ['Jean-Luc Picard', 'Jean-Luc P.'],
    ["Siobhán O'Neill", 'Siobhán O.'],
    ['zoë ékué', 'zoë É.'],
    ['Sam (Bristol)', 'Sam B.'],
  ])('shortens %j to %j', (full, shown) => {
    expect(reviewerName(full)).toBe(shown);
  });

  it.each(['Sophie', 'Hannah W.', UNNAMED_REVIEWER])('keeps %j as it is', (name) => {
    expect(reviewerName(name)).toBe(name);
  });

  it('gives the first name alone when the last word has no letter', () => {
    expect(reviewerName('Sophie 💎')).toBe('Sophie');
  });

  it('names no one when the name is blank', () => {
    expect(reviewerName('   ')).toBe(UNNAMED_REVIEWER);
  });
});
