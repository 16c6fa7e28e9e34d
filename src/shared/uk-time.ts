import { TZDate } from '@date-fns/tz';
import { addDays, differenceInBusinessDays, format, startOfDay } from 'date-fns';

/** The shop keeps UK time: its days begin at midnight in London, summer or winter. */
export const SHOP_TIME_ZONE = 'Europe/London';

const inUk = (at: Date | string | number) => new TZDate(new Date(at), SHOP_TIME_ZONE);

/** The UK day (`2026-11-26`) an instant falls on. */
export function ukDay(at: Date | string | number): string {
  return format(inUk(at), 'yyyy-MM-dd');
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

/** Whole working days (Monday to Friday, UK time) from `since` to `now`. */
export function workingDaysBetween(since: Date | string, now: Date): number {
  return Math.max(0, differenceInBusinessDays(inUk(now), inUk(since)));
}
