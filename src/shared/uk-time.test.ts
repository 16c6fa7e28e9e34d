import { describe, expect, it } from 'vitest';
import { ukDay, ukDayEnd, ukDayStart, workingDaysBetween } from './uk-time';

describe('UK time', () => {
  it('names the UK day of an instant, summer and winter', () => {
    expect(ukDay('2026-06-30T22:59:59.999Z')).toBe('2026-06-30');
    expect(ukDay('2026-06-30T23:00:00.000Z')).toBe('2026-07-01');
    expect(ukDay('2026-12-31T23:59:59.999Z')).toBe('2026-12-31');
  });

  it('begins and ends a UK day at its midnights', () => {
    expect(ukDayStart('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(ukDayEnd('2026-07-01').toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(ukDayStart('2026-12-01').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // The clocks go back on 25 October 2026: that day is 25 hours long.
    expect(ukDayEnd('2026-10-25').getTime() - ukDayStart('2026-10-25').getTime()).toBe(
      25 * 60 * 60 * 1000,
    );
  });

  it.each([
    ['Friday evening to the Monday', '2026-11-20T18:00:00Z', '2026-11-23T09:00:00Z', 1],
    ['Friday to the Wednesday after', '2026-11-20T10:00:00Z', '2026-11-25T16:00:00Z', 3],
    ['Saturday to the Monday', '2026-11-21T10:00:00Z', '2026-11-23T10:00:00Z', 0],
    ['Saturday to the Wednesday', '2026-11-21T10:00:00Z', '2026-11-25T10:00:00Z', 2],
    ['the same day', '2026-11-23T08:00:00Z', '2026-11-23T20:00:00Z', 0],
    ['three weeks', '2026-11-02T10:00:00Z', '2026-11-23T10:00:00Z', 15],
    ['paid at 00:30 on a summer Saturday', '2026-07-03T23:30:00Z', '2026-07-06T08:00:00Z', 0],
  ])('counts whole working days waited: %s', (_case, since, now, days) => {
    expect(workingDaysBetween(since, new Date(now))).toBe(days);
  });
});
