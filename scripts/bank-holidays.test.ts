import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAYS_OF_ENGLAND_AND_WALES } from '../src/server/delivery/bank-holidays.data';
import { BANK_HOLIDAY_YEARS, bankHolidaysFromLibrary } from './bank-holidays-source';

describe('the bank holidays the shop reads', () => {
  it('are those the date-holidays library keeps: run npm run bank-holidays when they are not', () => {
    expect(BANK_HOLIDAYS_OF_ENGLAND_AND_WALES).toEqual(bankHolidaysFromLibrary());
  });

  it('reach ten years past today, and hold every year from the first', () => {
    expect(BANK_HOLIDAY_YEARS.last).toBeGreaterThanOrEqual(new Date().getFullYear() + 10);
    const years = new Set(BANK_HOLIDAYS_OF_ENGLAND_AND_WALES.map((day) => Number(day.slice(0, 4))));
    expect(years.size).toBe(BANK_HOLIDAY_YEARS.last - BANK_HOLIDAY_YEARS.first + 1);
  });
});
