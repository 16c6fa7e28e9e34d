import { describe, expect, it } from 'vitest';
import { LOW_STOCK_AT, stockLevel, stockWords } from './stock';

describe('the words for what is left', () => {
  it('says out of stock at nothing, and for a count that makes no sense', () => {
    for (const count of [0, -1, Number.NaN]) {
      expect(stockLevel(count)).toBe('out');
      expect(stockWords(count)).toBe('Out of stock');
    }
  });

  it('says how many are left from one up to the low-stock line', () => {
    expect(stockWords(1)).toBe('Only 1 left');
    expect(stockWords(3)).toBe('Only 3 left');
    expect(stockWords(LOW_STOCK_AT)).toBe(`Only ${String(LOW_STOCK_AT)} left`);
    expect(stockLevel(LOW_STOCK_AT)).toBe('low');
  });

  it('says in stock above it', () => {
    expect(stockLevel(LOW_STOCK_AT + 1)).toBe('in');
    expect(stockWords(LOW_STOCK_AT + 1)).toBe('In stock');
    expect(stockWords(250)).toBe('In stock');
  });
});
