import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';

/** The shop keeps UK time: its days begin at midnight in London, summer or winter. */
export const SHOP_TIME_ZONE = 'Europe/London';

const inUk = (at: Date | string | number) => new TZDate(new Date(at), SHOP_TIME_ZONE);

// Canada writes dates as ISO does: `2026-11-26`. One formatter, made once, is quick to ask.
const ukCalendarDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The UK day (`2026-11-26`) an instant falls on. */
export function ukDay(at: Date | string | number): string {
  return ukCalendarDay.format(new Date(at));
}

/** The instant a UK day (`2026-11-26`) begins. */
export function ukDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, SHOP_TIME_ZONE).getTime());
}

/** The instant the UK day after this one begins: the end of `day`, exclusive. */
export function ukDayEnd(day: string): Date {
  return new Date(addDays(new TZDate(ukDayStart(day), SHOP_TIME_ZONE), 1).getTime());
}

/** The instant today began in the UK, `daysBack` days ago (0 for today). */
export function ukDayStartBefore(now: Date, daysBack: number): Date {
  return new Date(addDays(startOfDay(inUk(now)), -daysBack).getTime());
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole working days (Monday to Friday) from the UK day of `since` to the UK day of `now`: the
 * weekdays from the first day up to the last, not counting the last (Friday to Monday is 1,
 * Saturday to Monday 0).
 */
export function workingDaysBetween(since: Date | string, now: Date): number {
  // Each UK day as midnight UTC of the same date, so that days are whole and weekdays plain.
  const first = Date.parse(ukDay(since));
  const last = Date.parse(ukDay(now));
  const days = Math.round((last - first) / DAY_MS);
  if (days <= 0) return 0;
  let working = Math.floor(days / 7) * 5;
  const firstWeekday = new Date(first).getUTCDay();
  for (let step = 0; step < days % 7; step += 1) {
    const weekday = (firstWeekday + step) % 7;
    if (weekday !== 0 && weekday !== 6) working += 1;
  }
  return working;
}

/** The UK day it is now (`2026-11-26`): what a pre-order's release date is compared with. */
export const ukToday = (): string => ukDay(Date.now());
