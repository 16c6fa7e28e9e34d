import { describe, expect, it } from 'vitest';
import {
  isWasPriceFounded,
  longestStretchAt,
  monthsBefore,
  unfoundedWasPriceMessage,
  wasPriceNotAboveMessage,
  type PricePeriod,
} from './was-prices';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-29T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const period = (pricePence: number, from: number, to: number | null): PricePeriod => ({
  pricePence,
  from: daysAgo(from),
  to: to === null ? null : daysAgo(to),
});

describe('six months before', () => {
  it('is the same day and time six calendar months back', () => {
    expect(monthsBefore(NOW, 6).toISOString()).toBe('2026-05-29T12:00:00.000Z');
  });

  it('is the last day of a shorter month, across a year', () => {
    expect(monthsBefore(new Date('2026-08-31T09:30:00.000Z'), 6).toISOString()).toBe(
      '2026-02-28T09:30:00.000Z',
    );
    expect(monthsBefore(new Date('2028-08-31T09:30:00.000Z'), 6).toISOString()).toBe(
      '2028-02-29T09:30:00.000Z',
    );
    expect(monthsBefore(new Date('2027-03-15T00:00:00.000Z'), 6).toISOString()).toBe(
      '2026-09-15T00:00:00.000Z',
    );
  });
});

describe('a founded was price', () => {
  it('is founded by 28 days in a row at that price, and not by 27', () => {
    const twentyEight = [period(8000, 40, 12), period(6000, 12, null)];
    const twentySeven = [period(8000, 39, 12), period(6000, 12, null)];
    expect(isWasPriceFounded(twentyEight, 8000, NOW)).toBe(true);
    expect(isWasPriceFounded(twentySeven, 8000, NOW)).toBe(false);
  });

  it('is not founded a moment short of 28 days', () => {
    const history: PricePeriod[] = [
      { pricePence: 8000, from: daysAgo(28), to: new Date(NOW.getTime() - 1).toISOString() },
    ];
    expect(longestStretchAt(history, 8000, NOW)).toBe(28 * DAY - 1);
    expect(isWasPriceFounded(history, 8000, NOW)).toBe(false);
  });

  it('counts the price now up to now', () => {
    expect(isWasPriceFounded([period(8000, 28, null)], 8000, NOW)).toBe(true);
    expect(isWasPriceFounded([period(8000, 27, null)], 8000, NOW)).toBe(false);
  });

  it('counts only the part of a period within the last six months', () => {
    const sixMonthsAgo = monthsBefore(NOW, 6).getTime();
    const at = (time: number) => new Date(time).toISOString();
    const partlyOlder = (daysWithin: number): PricePeriod[] => [
      {
        pricePence: 8000,
        from: at(sixMonthsAgo - 60 * DAY),
        to: at(sixMonthsAgo + daysWithin * DAY),
      },
      { pricePence: 6000, from: at(sixMonthsAgo + daysWithin * DAY), to: null },
    ];
    expect(longestStretchAt(partlyOlder(27), 8000, NOW)).toBe(27 * DAY);
    expect(isWasPriceFounded(partlyOlder(27), 8000, NOW)).toBe(false);
    expect(isWasPriceFounded(partlyOlder(28), 8000, NOW)).toBe(true);
  });

  it('is not founded by a period wholly older than six months', () => {
    expect(isWasPriceFounded([period(8000, 400, 200), period(6000, 200, null)], 8000, NOW)).toBe(
      false,
    );
  });

  it('is not founded by two 14-day periods at that price with another price between', () => {
    const history = [
      period(8000, 50, 36),
      period(7000, 36, 30),
      period(8000, 30, 16),
      period(6000, 16, null),
    ];
    expect(longestStretchAt(history, 8000, NOW)).toBe(14 * DAY);
    expect(isWasPriceFounded(history, 8000, NOW)).toBe(false);
  });

  it('is not founded across a gap in the history', () => {
    expect(isWasPriceFounded([period(8000, 40, 26), period(8000, 25, 11)], 8000, NOW)).toBe(false);
  });

  it('joins periods at that price that meet, in whatever order they are given', () => {
    const history = [period(6000, 10, null), period(8000, 24, 10), period(8000, 40, 24)];
    expect(longestStretchAt(history, 8000, NOW)).toBe(30 * DAY);
    expect(isWasPriceFounded(history, 8000, NOW)).toBe(true);
  });

  it('asks for that exact price, not one near it', () => {
    const history = [period(7999, 90, 10), period(6000, 10, null)];
    expect(isWasPriceFounded(history, 8000, NOW)).toBe(false);
    expect(isWasPriceFounded(history, 7999, NOW)).toBe(true);
  });

  it('is not founded by no history at all', () => {
    expect(longestStretchAt([], 8000, NOW)).toBe(0);
    expect(isWasPriceFounded([], 8000, NOW)).toBe(false);
  });
});

describe('the words', () => {
  it('say why a was price is refused, of the item or of one of its options', () => {
    expect(unfoundedWasPriceMessage(8000)).toBe(
      "£80.00 was not this item's price for 28 days in a row in the last 6 months, so it cannot be shown as a was price",
    );
    expect(unfoundedWasPriceMessage(8050, 'Size: M')).toBe(
      '£80.50 was not the price of Size: M for 28 days in a row in the last 6 months, so it cannot be shown as a was price',
    );
    expect(wasPriceNotAboveMessage(6000)).toBe(
      'The was price must be more than the price (£60.00)',
    );
  });
});
