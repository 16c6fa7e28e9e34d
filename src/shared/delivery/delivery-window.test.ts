import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryWindow, formatDeliveryDay, ukDay } from './delivery-window';

const shown = (orderedAt: string) => {
  const { earliest, latest } = deliveryWindow(orderedAt);
  return [formatDeliveryDay(earliest), formatDeliveryDay(latest)];
};

describe('when an order should arrive', () => {
  it('is 3 to 5 working days after a Monday order', () => {
    expect(shown('2026-03-02T10:00:00.000Z')).toEqual(['Thursday 5 March', 'Monday 9 March']);
  });

  it('skips the weekend for an order on a Thursday', () => {
    expect(shown('2026-03-05T10:00:00.000Z')).toEqual(['Tuesday 10 March', 'Thursday 12 March']);
  });

  it('counts from Monday for an order on a Saturday or a Sunday', () => {
    expect(shown('2026-03-07T10:00:00.000Z')).toEqual(['Wednesday 11 March', 'Friday 13 March']);
    expect(shown('2026-03-08T23:00:00.000Z')).toEqual(['Wednesday 11 March', 'Friday 13 March']);
  });

  it('counts from the day in the UK: half past eleven at night UTC in summer is the next day', () => {
    // British Summer Time: 22:30 UTC on Friday 5 June is 23:30 on Friday, 23:30 UTC is Saturday.
    expect(ukDay(new Date('2026-06-05T22:30:00.000Z')).toISOString()).toBe(
      '2026-06-05T00:00:00.000Z',
    );
    expect(ukDay(new Date('2026-06-05T23:30:00.000Z')).toISOString()).toBe(
      '2026-06-06T00:00:00.000Z',
    );
  });

  it('adds no days for none, and crosses a month end', () => {
    const friday = new Date(Date.UTC(2026, 4, 29));
    expect(addWorkingDays(friday, 0)).toEqual(friday);
    expect(addWorkingDays(friday, 1).toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });
});
