// How a shopper reads the days of a delivery, with no schema: the strip at the top of every page
// writes a day, and must not bring the delivery schemas into the first script a page loads.

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** What a shopper reads of a day, `YYYY-MM-DD`: `Tue 1 Dec`. */
export function shortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** What a mail says of a day: `Tuesday 1 December`. */
export function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The calendar day after `day`, `YYYY-MM-DD`: a holiday ending on the 4th reopens on the 5th. */
export function dayAfter(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** `Tue 1 Dec`, or `Tue 1 Dec – Thu 3 Dec`: the first and last day a parcel should arrive. */
export function arrivalWords({ from, to }: { from: string; to: string }): string {
  return from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`;
}
