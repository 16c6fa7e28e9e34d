import Holidays from 'date-holidays';

/** The years the shop knows the bank holidays of: from before its first order to well after. */
export const BANK_HOLIDAY_YEARS: { first: number; last: number } = { first: 2020, last: 2060 };

/**
 * The bank holidays of England and Wales, `YYYY-MM-DD`, in every year the shop knows, as the
 * date-holidays library keeps them: the source of the list the shop reads.
 */
export function bankHolidaysFromLibrary(): string[] {
  const englandAndWales = new Holidays('GB', 'ENG');
  const days: string[] = [];
  for (let year = BANK_HOLIDAY_YEARS.first; year <= BANK_HOLIDAY_YEARS.last; year += 1) {
    for (const holiday of englandAndWales.getHolidays(year)) {
      if (holiday.type === 'public') days.push(holiday.date.slice(0, 10));
    }
  }
  return days;
}
