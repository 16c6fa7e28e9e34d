import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';
import { smallImageUrl } from './catalog/images';
import { formatPence, formatPounds, penceToPounds, poundsToPence } from './money';

describe('money', () => {
  it('shows pounds with two decimals', () => {
    expect(formatPence(1234)).toBe('£12.34');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPounds(12.3)).toBe('£12.30');
  });

  it('turns pounds into whole pence without float drift', () => {
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(penceToPounds(1999)).toBe(19.99);
  });
});

describe('dates', () => {
  it('reads as UK long dates', () => {
    expect(formatLongDate('2026-11-21T09:00:00.000Z')).toBe('21 November 2026');
    // Just before midnight in London in summer is already the next day there.
    expect(formatLongDate('2026-07-01T23:30:00.000Z')).toBe('2 July 2026');
  });
});

describe('stored images', () => {
  it('have a small copy for the grid; other addresses do not', () => {
    expect(smallImageUrl('/uploads/abc-1.webp')).toBe('/uploads/abc-1.sm.webp');
    expect(smallImageUrl('https://example.com/a.webp')).toBeUndefined();
    expect(smallImageUrl('/uploads/../x.webp')).toBeUndefined();
  });
});
