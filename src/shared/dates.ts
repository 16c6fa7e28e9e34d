import * as z from 'zod';

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
  return z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? missing
        : `${what} must be a date such as 2026-12-31, or a date and time such as 2026-12-31T18:00:00Z`,
  });
}
