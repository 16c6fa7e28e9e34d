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
