import { describe, expect, it } from 'vitest';
import { makingOf, makingWords, preorderOpen } from './made-for-you';

const plain = { countInStock: 0, madeToOrder: null, preorder: null };
const preorder = { releaseDate: '2026-12-12', limit: 20, left: 20 };

describe('goods made for the buyer', () => {
  it('sells a made-to-order product in its lead days, a variant of its own before its product', () => {
    const jumper = { ...plain, madeToOrder: { leadDays: 15 } };
    expect(makingOf(jumper, undefined, '2026-11-30')).toEqual({
      madeToOrder: { leadDays: 15 },
      preorder: null,
    });
    expect(makingOf(jumper, { madeToOrder: { leadDays: 20 } }, '2026-11-30')).toEqual({
      madeToOrder: { leadDays: 20 },
      preorder: null,
    });
    expect(makingOf(plain, { madeToOrder: null }, '2026-11-30')).toBeNull();
  });

  it('sells on pre-order with none in stock until the release date, then from stock', () => {
    expect(makingOf({ ...plain, preorder }, undefined, '2026-12-11')).toEqual({
      madeToOrder: null,
      preorder: { releaseDate: '2026-12-12' },
    });
    expect(preorderOpen({ ...plain, preorder }, '2026-12-12')).toBe(false);
    expect(preorderOpen({ ...plain, countInStock: 3, preorder }, '2026-12-01')).toBe(false);
    expect(makingOf({ ...plain, preorder }, undefined, '2026-12-12')).toBeNull();
  });

  it('says what the shopper is promised', () => {
    expect(makingWords({ madeToOrder: { leadDays: 10 }, preorder: null })).toBe(
      'Made for you: dispatched in about 10 working days',
    );
    expect(makingWords({ madeToOrder: { leadDays: 1 }, preorder: null })).toBe(
      'Made for you: dispatched in about 1 working day',
    );
    expect(makingWords({ madeToOrder: null, preorder: { releaseDate: '2026-12-12' } })).toBe(
      'Pre-order: dispatched from 12 Dec',
    );
  });
});
