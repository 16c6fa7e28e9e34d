import { formatPence, poundsToPence, type Pence } from '../money';

// A was price ("Was £80, now £60") must have been real: the item sold at exactly that price for
// at least 28 days in a row within the 6 months before the was price is set, as the CMA's
// guidance on reference prices reads most safely. The rule lives here alone; the server asks it
// of an item's price history before it keeps a was price, and the back office says it in the
// same words.

/** Days in a row an item must have sold at a price for that price to be shown as a was price. */
export const WAS_PRICE_DAYS = 28;
/** How far back, in calendar months, those days may lie. */
export const WAS_PRICE_MONTHS = 6;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stretch of time an item sold at one price: from `from` up to `to`, or to now while `to` is null. */
export interface PricePeriod {
  pricePence: Pence;
  /** ISO 8601. */
  from: string;
  /** ISO 8601; null for the price now. */
  to: string | null;
}

/**
 * The instant `months` calendar months before `now` (UTC), on the same day of the month, or on
 * the month's last day when it is shorter (31 August less 6 months is 28 or 29 February).
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/**
 * The longest time, in milliseconds, that `pricePence` was the item's price without a break,
 * counting only what lies between 6 months before `now` and `now`. Periods at that price that
 * meet (one ends as the next begins) are one stretch; another price, or a gap, in between breaks
 * it. An open period runs to `now`.
 */
export function longestStretchAt(
  periods: readonly PricePeriod[],
  pricePence: Pence,
  now: Date,
): number {
  const windowStart = monthsBefore(now, WAS_PRICE_MONTHS).getTime();
  const end = now.getTime();
  const spans = periods
    .map((period) => ({
      pricePence: period.pricePence,
      from: Date.parse(period.from),
      to: period.to === null ? end : Date.parse(period.to),
    }))
    .sort((a, b) => a.from - b.from);
  let longest = 0;
  let stretch: { from: number; to: number } | undefined;
  const close = () => {
    if (!stretch) return;
    const clipped = Math.min(stretch.to, end) - Math.max(stretch.from, windowStart);
    longest = Math.max(longest, clipped);
    stretch = undefined;
  };
  for (const span of spans) {
    if (span.pricePence !== pricePence) {
      close();
      continue;
    }
    if (stretch && span.from <= stretch.to) {
      stretch.to = Math.max(stretch.to, span.to);
    } else {
      close();
      stretch = { from: span.from, to: span.to };
    }
  }
  close();
  return longest;
}

/**
 * Whether `wasPence` may be shown as an item's was price at `now`: its history holds that exact
 * price for at least 28 days in a row within the 6 months before.
 */
export function isWasPriceFounded(
  periods: readonly PricePeriod[],
  wasPence: Pence,
  now: Date,
): boolean {
  return longestStretchAt(periods, wasPence, now) >= WAS_PRICE_DAYS * DAY_MS;
}

/**
 * Why a was price was refused, in words an owner reads; `variant` names the option it was typed
 * for (`Size: M`), if any.
 */
export function unfoundedWasPriceMessage(wasPence: Pence, variant?: string): string {
  const whose = variant === undefined ? "this item's price" : `the price of ${variant}`;
  return `${formatPence(wasPence)} was not ${whose} for ${WAS_PRICE_DAYS} days in a row in the last ${WAS_PRICE_MONTHS} months, so it cannot be shown as a was price`;
}

/** What a was price at or below the price it is shown with is told. */
export function wasPriceNotAboveMessage(pricePence: Pence): string {
  return `The was price must be more than the price (${formatPence(pricePence)})`;
}

/**
 * A product sold in options sells at its cheapest variants' price, and shows the highest was
 * price among those cheapest variants, if any has one: "Was £80, now £60" is then true of one of
 * them.
 */
export function wasPriceOfCheapest(
  variants: readonly { pricePence: Pence; compareAtPence: Pence | null }[],
): Pence | null {
  if (variants.length === 0) return null;
  const lowest = Math.min(...variants.map((variant) => variant.pricePence));
  const was = variants
    .filter((variant) => variant.pricePence === lowest)
    .map((variant) => variant.compareAtPence)
    .filter((pence) => pence !== null);
  return was.length === 0 ? null : Math.max(...was);
}

interface PricedBody {
  price: number;
  compareAtPrice?: number | null | undefined;
  variants: readonly { price: number; compareAtPrice?: number | null | undefined }[];
}

/**
 * What is wrong with a save's was prices as typed, if anything: each one given must be above the
 * price it is shown with (the product's own only when it is sold one way; with options, its was
 * price follows its variants). Whether a was price was ever the price is the server's to judge,
 * against the item's history.
 */
export function wasPriceProblem(body: PricedBody): { message: string; path: string } | undefined {
  const notAbove = (item: { price: number; compareAtPrice?: number | null | undefined }) =>
    item.compareAtPrice !== null &&
    item.compareAtPrice !== undefined &&
    poundsToPence(item.compareAtPrice) <= poundsToPence(item.price);
  if (body.variants.length === 0 && notAbove(body)) {
    return { message: wasPriceNotAboveMessage(poundsToPence(body.price)), path: 'compareAtPrice' };
  }
  for (const [index, variant] of body.variants.entries()) {
    if (notAbove(variant)) {
      return {
        message: wasPriceNotAboveMessage(poundsToPence(variant.price)),
        path: `variants.${index}.compareAtPrice`,
      };
    }
  }
  return undefined;
}
