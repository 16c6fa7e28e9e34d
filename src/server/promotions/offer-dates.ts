import { ukDayEnd, ukDayStart } from '../../shared/uk-time';

// The moments an offer's dates stand for, as the back office's forms show them: a day is a day in
// the UK, where the owner and the shoppers are.

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An offer that ends on a day is good until the end of that day (in summer, 23:00 UTC). */
export function endOf(ends: string): string {
  return DAY_ONLY.test(ends)
    ? new Date(ukDayEnd(ends).getTime() - 1).toISOString()
    : new Date(ends).toISOString();
}

/** An offer that starts on a day is good from the start of that day. */
export function startOf(starts: string): string {
  return (DAY_ONLY.test(starts) ? ukDayStart(starts) : new Date(starts)).toISOString();
}
