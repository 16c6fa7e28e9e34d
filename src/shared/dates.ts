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
 * A date as ISO 8601 writes it, and nothing else: a day (`2026-12-31`) or a date and time with
 * its offset (`2026-12-31T18:00:00Z`, `2026-12-31T18:00:00+01:00`). Years have four digits, so
 * whatever is stored is read back the same on either database.
 */
export function isoDateSchema(what: string, missing = `Please choose ${what.toLowerCase()}`) {
  const error = (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === ''
      ? missing
      : `${what} must be a date such as 2026-12-31, or a date and time such as 2026-12-31T18:00:00Z`;
  // Said by each side too: a form's resolver shows the first side's words, not the union's.
  return z.union([z.iso.date({ error }), z.iso.datetime({ offset: true, error })], { error });
}

/** A UK day written `2026-11-26`, that is on the calendar. */
export const ukDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be written as YYYY-MM-DD, such as 2026-11-26')
  .refine(
    (day) => !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day),
    'That date is not on the calendar',
  );

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
