import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  dispatchDay,
  estimateDelivery,
  isBankHoliday,
  isWorkingDay,
  type DispatchRules,
} from './delivery-dates';

/** Posting Monday to Friday, orders paid by 2 pm going the same day. */
const WEEKDAYS_BY_TWO: DispatchRules = {
  days: [1, 2, 3, 4, 5],
  cutOff: '14:00',
  handlingDays: 0,
  closed: [],
};
const TRACKED_48 = { min: 2, max: 3 };
const SPECIAL_DELIVERY = { min: 1, max: 1 };

const at = (instant: string) => new Date(instant);

describe('the bank holidays of England and Wales', () => {
  it('are known for every year, with the Monday that stands in for one on a weekend', () => {
    const holidays2026 = [
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ];
    const everyDay2026 = Array.from({ length: 365 }, (_, index) =>
      new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
    );
    expect(everyDay2026.filter(isBankHoliday)).toEqual(holidays2026);
    // Christmas on a Saturday and Boxing Day on a Sunday: both stand in on the days after.
    expect(['2027-12-27', '2027-12-28', '2032-12-27', '2032-12-28'].map(isBankHoliday)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('are not working days, nor are weekends or the days the shop is closed', () => {
    expect(isWorkingDay('2026-12-28')).toBe(false);
    expect(isWorkingDay('2026-12-05')).toBe(false);
    expect(isWorkingDay('2026-12-29')).toBe(true);
    expect(isWorkingDay('2026-12-29', ['2026-12-29'])).toBe(false);
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-29');
    expect(addWorkingDays('2026-12-24', 0)).toBe('2026-12-24');
  });
});

describe('the day an order goes out', () => {
  it('is the same day a minute before the cut-off, and the next a minute after', () => {
    expect(dispatchDay(at('2026-12-01T13:59:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-12-01');
    expect(dispatchDay(at('2026-12-01T14:00:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-12-02');
    expect(dispatchDay(at('2026-12-01T14:01:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-12-02');
  });

  it('is Monday for an order on a Friday evening or at the weekend', () => {
    expect(dispatchDay(at('2026-12-04T18:30:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-12-07');
    expect(dispatchDay(at('2026-12-05T09:00:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-12-07');
  });

  it('is the Tuesday after a bank holiday Monday', () => {
    expect(estimateDelivery(at('2026-08-28T17:00:00Z'), WEEKDAYS_BY_TWO, TRACKED_48)).toEqual({
      dispatch: '2026-09-01',
      from: '2026-09-03',
      to: '2026-09-04',
    });
  });

  it('is after Christmas and the substitute Boxing Day for an order on Christmas Eve afternoon', () => {
    expect(estimateDelivery(at('2026-12-24T15:00:00Z'), WEEKDAYS_BY_TWO, SPECIAL_DELIVERY)).toEqual(
      { dispatch: '2026-12-29', from: '2026-12-30', to: '2026-12-30' },
    );
  });

  it('skips the days the shop is closed and the days it does not post', () => {
    const closed = { ...WEEKDAYS_BY_TWO, closed: ['2026-12-02'] };
    expect(dispatchDay(at('2026-12-01T15:00:00Z'), closed)).toBe('2026-12-03');
    const mondayWednesdayFriday = { ...WEEKDAYS_BY_TWO, days: [1, 3, 5] };
    expect(dispatchDay(at('2026-12-01T10:00:00Z'), mondayWednesdayFriday)).toBe('2026-12-02');
    expect(dispatchDay(at('2026-12-04T15:00:00Z'), mondayWednesdayFriday)).toBe('2026-12-07');
  });

  it('counts the carrier’s days as the contract counts working days, the closed days left out', () => {
    const closed = { ...WEEKDAYS_BY_TWO, closed: ['2026-12-02'] };
    expect(estimateDelivery(at('2026-12-01T10:00:00Z'), closed, SPECIAL_DELIVERY)).toEqual({
      dispatch: '2026-12-01',
      from: '2026-12-03',
      to: '2026-12-03',
    });
  });

  it('waits out the owner’s holiday, and leaves an order before it as it was', () => {
    const holiday = { from: '2026-12-01', to: '2026-12-06' };
    expect(dispatchDay(at('2026-11-30T10:00:00Z'), WEEKDAYS_BY_TWO, holiday)).toBe('2026-11-30');
    expect(dispatchDay(at('2026-12-01T10:00:00Z'), WEEKDAYS_BY_TWO, holiday)).toBe('2026-12-07');
  });

  it('comes the handling days later, on a day the shop posts', () => {
    const aDayToMake = { ...WEEKDAYS_BY_TWO, handlingDays: 1 };
    expect(dispatchDay(at('2026-11-30T10:00:00Z'), aDayToMake)).toBe('2026-12-01');
    expect(dispatchDay(at('2026-12-04T10:00:00Z'), aDayToMake)).toBe('2026-12-07');
    const twoDaysPostingFridays = { ...WEEKDAYS_BY_TWO, days: [5], handlingDays: 2 };
    expect(dispatchDay(at('2026-11-30T10:00:00Z'), twoDaysPostingFridays)).toBe('2026-12-04');
  });

  it('reads the cut-off in UK time, in summer and in winter', () => {
    // 13:30 UTC is 14:30 in British Summer Time, after the cut-off; 13:30 in GMT, before it.
    expect(dispatchDay(at('2026-07-01T13:30:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-07-02');
    expect(dispatchDay(at('2026-12-02T13:30:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-12-02');
    // Half past midnight in summer is already the next UK day.
    expect(dispatchDay(at('2026-06-30T23:30:00Z'), WEEKDAYS_BY_TWO)).toBe('2026-07-01');
  });

  it('is refused, not searched for ever, when the rules leave no day to post', () => {
    expect(() => dispatchDay(at('2026-12-01T10:00:00Z'), { ...WEEKDAYS_BY_TWO, days: [] })).toThrow(
      /No day within 400 days of 2026-12-01/,
    );
  });
});
