import * as z from 'zod';
import { blankAsMissing } from './fields';

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** An ISO timestamp as a UK shopper reads it: `21 November 2026`. */
export function formatLongDate(iso: string | Date): string {
  return longDate.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/**
 * The days any call takes, both included. Each database reads and compares the years in between
 * alike; the end of a day in 9999 is already in the year 10000, which ISO 8601 writes with a sign
 * (`+010000-01-01`) and PostgreSQL refuses, and a shop has no business before 2000.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';
/** What a date out of bounds is told, whatever the field. */
export const DAY_OUT_OF_BOUNDS = `Dates must be between ${FIRST_DAY} and ${LAST_DAY}`;

/** Whether a date written `YYYY-MM-DD...` (a day, or a date and time) falls within the bounds. */
export const dayInBounds = (date: string) => {
  const day = date.slice(0, 10);
  return day >= FIRST_DAY && day <= LAST_DAY;
};

/** Whether a month written `YYYY-MM` falls within the bounds. */
export const monthInBounds = (month: string) =>
  month >= FIRST_DAY.slice(0, 7) && month <= LAST_DAY.slice(0, 7);

/**
 * A date as ISO 8601 writes it, and nothing else: a day (`2026-12-31`) or a date and time with
 * its offset (`2026-12-31T18:00:00Z`, `2026-12-31T18:00:00+01:00`), on a day between 2000 and
 * 2099. Years have four digits, so whatever is stored is read back the same on either database.
 */
export function isoDateSchema(what: string, missing = `Please choose ${what.toLowerCase()}`) {
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === ''
      ? missing
      : `${what} must be a date such as 2026-12-31, or a date and time such as 2026-12-31T18:00:00Z`;
  // Said by each side too: a form's resolver shows the first side's words, not the union's.
  return z
    .union([z.iso.date({ error }), z.iso.datetime({ offset: true, error })], { error })
    .refine(dayInBounds, `${what} must be between ${FIRST_DAY} and ${LAST_DAY}`);
}

/** A UK day written `2026-11-26`, that is on the calendar, between 2000 and 2099. */
export const ukDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written as YYYY-MM-DD, such as 2026-11-26')
  .refine(
    (day) => !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day),
    'That date is not on the calendar',
  )
  .refine(dayInBounds, DAY_OUT_OF_BOUNDS);

/** `from` and `to` days of a list's filter, in order. */
export const dayRangeSchema = {
  from: z.preprocess(blankAsMissing, ukDaySchema.optional()),
  to: z.preprocess(blankAsMissing, ukDaySchema.optional()),
};
export const daysInOrder = ({ from, to }: { from?: string; to?: string }) =>
  from === undefined || to === undefined || from <= to;
/** What a refinement of `daysInOrder` says, made afresh for each schema that uses it. */
export const daysOutOfOrder = () => ({
  error: 'The first date must not be after the last',
  path: ['to'],
});
