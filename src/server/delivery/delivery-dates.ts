import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay, parseISO } from 'date-fns';
import { BANK_HOLIDAYS_OF_ENGLAND_AND_WALES } from './bank-holidays.data';

/** A calendar day in the UK, `YYYY-MM-DD`. */
export type Day = string;

/** When the shop posts: as the settings' `dispatch` holds it. */
export interface DispatchRules {
  /** ISO weekdays the shop posts on: 1 is Monday, 7 Sunday. */
  days: readonly number[];
  /** `HH:MM`, UK time: an order paid at or after it goes on the next dispatch day. */
  cutOff: string;
  /** Working days between the day an order is taken and the day it goes out. */
  handlingDays: number;
  /** Extra days the shop is shut. */
  closed: readonly Day[];
}

/** The owner's holiday: no parcel goes out from `from` to `to`, both included. */
export interface HolidayDates {
  from: Day;
  to: Day;
}

/** Working days a carrier takes, at the fewest and the most. */
export interface TransitDays {
  min: number;
  max: number;
}

/**
 * What holds an order back beyond the shop's handling days: the most working days any of its
 * lines takes to make, and the latest release date of a line on pre-order (null for none).
 */
export interface DispatchHold {
  leadDays: number;
  releaseDate: Day | null;
}

/** An order of goods in stock: nothing to make, nothing to wait for. */
export const NO_HOLD: DispatchHold = { leadDays: 0, releaseDate: null };

/** When an order goes out, and the first and last day it should arrive. */
export interface Estimate {
  dispatch: Day;
  from: Day;
  to: Day;
}

const UK = 'Europe/London';
const WEEKDAYS = [1, 2, 3, 4, 5];
/** More days than any holiday, closure and bank holidays could hold in a row: a bad rule ends. */
const LONGEST_SEARCH = 400;

// England and Wales share their bank holidays; the list keeps the substitute days (Boxing Day on
// a Saturday is the Monday after) and the one-off days a government adds.
const BANK_HOLIDAYS: ReadonlySet<Day> = new Set(BANK_HOLIDAYS_OF_ENGLAND_AND_WALES);

/** Whether the day is a bank holiday in England and Wales (the list runs from 2020 to 2060). */
export const isBankHoliday = (day: Day): boolean => BANK_HOLIDAYS.has(day);

const weekdayOf = (day: Day) => getISODay(parseISO(day));
const nextDay = (day: Day): Day => format(addDays(parseISO(day), 1), 'yyyy-MM-dd');
const inHoliday = (day: Day, holiday: HolidayDates | null) =>
  holiday !== null && day >= holiday.from && day <= holiday.to;

/** Monday to Friday, less the bank holidays of England and Wales and the shop's closed days. */
export function isWorkingDay(day: Day, closed: readonly Day[] = []): boolean {
  return WEEKDAYS.includes(weekdayOf(day)) && !isBankHoliday(day) && !closed.includes(day);
}

/** The first day from `day` on (itself included) that passes `test`. */
function firstFrom(day: Day, test: (day: Day) => boolean): Day {
  let candidate = day;
  for (let tried = 0; tried < LONGEST_SEARCH; tried += 1) {
    if (test(candidate)) return candidate;
    candidate = nextDay(candidate);
  }
  throw new Error(`No day within ${String(LONGEST_SEARCH)} days of ${day} is open for dispatch`);
}

/** The day `count` days after `day` that pass `counts`. */
function addDaysThat(day: Day, count: number, counts: (day: Day) => boolean): Day {
  let reached = day;
  for (let left = count; left > 0; left -= 1) reached = firstFrom(nextDay(reached), counts);
  return reached;
}

/** The day `count` working days after `day`. */
export const addWorkingDays = (day: Day, count: number, closed: readonly Day[] = []): Day =>
  addDaysThat(day, count, (candidate) => isWorkingDay(candidate, closed));

/** The UK day and `HH:MM` of an instant, summer time or not. */
function ukDayAndTime(at: Date): { day: Day; time: string } {
  const local = new TZDate(at.getTime(), UK);
  return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/**
 * The day an order paid at `paidAt` goes out. It is taken that day if paid before the cut-off,
 * else the next; made over `handlingDays` working days, and the lead days of anything made for
 * the buyer (not the owner's holiday); held until the release date of anything on pre-order; then
 * posted on the first day from then that the shop posts on, outside a holiday, not closed and not
 * a bank holiday.
 */
export function dispatchDay(
  paidAt: Date,
  rules: DispatchRules,
  holiday: HolidayDates | null = null,
  hold: DispatchHold = NO_HOLD,
): Day {
  const open = (day: Day) => isWorkingDay(day, rules.closed) && !inHoliday(day, holiday);
  const posts = (day: Day) =>
    rules.days.includes(weekdayOf(day)) &&
    !isBankHoliday(day) &&
    !rules.closed.includes(day) &&
    !inHoliday(day, holiday);
  const { day, time } = ukDayAndTime(paidAt);
  const taken = time < rules.cutOff ? day : nextDay(day);
  const made = addDaysThat(taken, rules.handlingDays + hold.leadDays, open);
  const ready = hold.releaseDate !== null && hold.releaseDate > made ? hold.releaseDate : made;
  return firstFrom(ready, posts);
}

/**
 * When an order paid at `paidAt` goes out, and arrives by a service taking `transit` working days
 * (the contract's working days: the shop's closed days are not counted either); later by what
 * `hold` holds it back.
 */
export function estimateDelivery(
  paidAt: Date,
  rules: DispatchRules,
  transit: TransitDays,
  holiday: HolidayDates | null = null,
  hold: DispatchHold = NO_HOLD,
): Estimate {
  const dispatch = dispatchDay(paidAt, rules, holiday, hold);
  return {
    dispatch,
    from: addWorkingDays(dispatch, transit.min, rules.closed),
    to: addWorkingDays(dispatch, transit.max, rules.closed),
  };
}

/**
 * The moment until which an order paid at `now` is taken that day: the cut-off of the day it
 * would be taken (today before the cut-off, else tomorrow), as an ISO instant.
 */
export function cutOffMoment(now: Date, rules: Pick<DispatchRules, 'cutOff'>): string {
  const { day, time } = ukDayAndTime(now);
  const taken = time < rules.cutOff ? day : nextDay(day);
  const [year, month, date] = taken.split('-').map(Number);
  const [hours, minutes] = rules.cutOff.split(':').map(Number);
  const moment = new TZDate(year ?? 0, (month ?? 1) - 1, date ?? 1, hours ?? 0, minutes ?? 0, UK);
  return new Date(moment.getTime()).toISOString();
}

/** The UK day an instant falls on, `YYYY-MM-DD`. */
export const ukDayOf = (at: Date): Day => ukDayAndTime(at).day;

/** What lines made for the buyer hold an order back by: the longest lead, the latest release. */
export function holdOf(
  makings: readonly ({
    madeToOrder: { leadDays: number } | null;
    preorder: { releaseDate: Day } | null;
  } | null)[],
): DispatchHold {
  let hold = NO_HOLD;
  for (const making of makings) {
    const leadDays = making?.madeToOrder?.leadDays ?? 0;
    const releaseDate = making?.preorder?.releaseDate ?? null;
    hold = {
      leadDays: Math.max(hold.leadDays, leadDays),
      releaseDate:
        releaseDate !== null && (hold.releaseDate === null || releaseDate > hold.releaseDate)
          ? releaseDate
          : hold.releaseDate,
    };
  }
  return hold;
}
