import * as z from 'zod';
import { FIRST_DAY, LAST_DAY, monthInBounds } from '../dates';
import { blankAsMissing } from '../fields';
import type { Pence } from '../money';
import { VAT_RATE_PERCENT, vatIncluded } from '../orders/pricing';
import { ukDay, ukDayStart } from '../uk-time';

// The shop's VAT return, quarter by quarter, for a UK retailer of standard-rated goods priced with
// VAT (HMRC VAT Notice 700/22). Quarters begin and end at UK midnight; money is integer pence.

export const VAT_ERRORS = { QUARTER_UNKNOWN: 400 } as const;

/**
 * Which months a shop's VAT quarters end in, as HMRC gives each business one of three: 1 ends
 * March, June, September and December; 2 April, July, October and January; 3 May, August,
 * November and February.
 */
export const VAT_STAGGERS = [1, 2, 3] as const;
export type VatStagger = (typeof VAT_STAGGERS)[number];

/** `standard`: the VAT on each sale; `flat-rate`: a fixed percentage of the gross turnover. */
export const VAT_SCHEMES = ['standard', 'flat-rate'] as const;
export type VatScheme = (typeof VAT_SCHEMES)[number];

/** The shop's VAT settings, from `VAT_STAGGER`, `VAT_SCHEME` and `VAT_FLAT_RATE`. */
export interface VatSettings {
  stagger: VatStagger;
  scheme: VatScheme;
  /** The flat rate percentage (`7.5`) on the flat rate scheme; null on the standard scheme. */
  flatRate: number | null;
}

/** HMRC's flat rates run from 4% to 16.5%, a point lower in a business's first VAT year. */
export const FLAT_RATE_LOWEST = 3;
export const FLAT_RATE_HIGHEST = 16.5;

/** The rate of VAT on every sale the shop makes, as the VAT record writes it. */
export const VAT_RATE_WORDS = `${VAT_RATE_PERCENT}%`;

/** A VAT quarter, named by the year and month (1-12) it ends in. */
export interface VatQuarter {
  year: number;
  endMonth: number;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const monthName = (month: number) => MONTHS[(month - 1) % 12] ?? '';

/** Whether a month (1-12) ends a quarter of the stagger. */
export const endsQuarter = (month: number, stagger: VatStagger) =>
  (((month - stagger) % 3) + 3) % 3 === 2;

/** The months (1-12) that end the stagger's quarters, in the calendar's order. */
export const quarterEndMonths = (stagger: VatStagger): number[] =>
  Array.from({ length: 12 }, (_, index) => index + 1).filter((month) =>
    endsQuarter(month, stagger),
  );

/** `March, June, September and December`. */
export function quarterEndWords(stagger: VatStagger): string {
  const names = quarterEndMonths(stagger).map(monthName);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-06`: the quarter as the API and the page's address name it. */
export const quarterKey = ({ year, endMonth }: VatQuarter) => `${year}-${pad(endMonth)}`;

/** The month `offset` months from this year and month (1-12). */
function monthFrom(year: number, month: number, offset: number) {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The quarter `YYYY-MM` names, when that month ends a quarter of the stagger; otherwise (another
 * month, or anything else) undefined. Years run from 1970 to 9999.
 */
export function parseQuarter(text: string, stagger: VatStagger): VatQuarter | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const endMonth = Number(match[2]);
  if (year < 1970 || endMonth < 1 || endMonth > 12 || !endsQuarter(endMonth, stagger)) {
    return undefined;
  }
  return { year, endMonth };
}

/** The quarter of the stagger that holds an instant, by the UK day it falls on. */
export function quarterHolding(at: Date, stagger: VatStagger): VatQuarter {
  const [year, month] = ukDay(at).split('-').map(Number) as [number, number];
  const toEnd = (((2 - (month - stagger)) % 3) + 3) % 3;
  const end = monthFrom(year, month, toEnd);
  return { year: end.year, endMonth: end.month };
}

/** The quarter before this one. */
export function previousQuarter({ year, endMonth }: VatQuarter): VatQuarter {
  const end = monthFrom(year, endMonth, -3);
  return { year: end.year, endMonth: end.month };
}

/** Where a quarter begins and ends, as instants and as UK days. */
export interface QuarterBounds {
  /** The first UK midnight of the quarter. */
  from: Date;
  /** The first UK midnight after it: the quarter holds instants from `from` up to, not at, `to`. */
  to: Date;
  /** The quarter's first and last UK days, `2026-04-01` and `2026-06-30`. */
  firstDay: string;
  lastDay: string;
}

const dayOf = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;

/**
 * A quarter's bounds: from UK midnight on the first day of its first month to UK midnight on the
 * first day of the month after it, an hour off UTC while summer time lasts.
 */
export function quarterBounds({ year, endMonth }: VatQuarter): QuarterBounds {
  const first = monthFrom(year, endMonth, -2);
  const next = monthFrom(year, endMonth, 1);
  const to = ukDayStart(dayOf(next.year, next.month, 1));
  // The day before the next month's first: noon of it, well clear of any change of the clocks.
  const lastDay = ukDay(new Date(to.getTime() - 12 * 60 * 60 * 1000));
  return {
    from: ukDayStart(dayOf(first.year, first.month, 1)),
    to,
    firstDay: dayOf(first.year, first.month, 1),
    lastDay,
  };
}

/** `April to June 2026`, or `November 2026 to January 2027` across a new year. */
export function quarterLabel(quarter: VatQuarter): string {
  const first = monthFrom(quarter.year, quarter.endMonth, -2);
  const end = `${monthName(quarter.endMonth)} ${quarter.year}`;
  return first.year === quarter.year
    ? `${monthName(first.month)} to ${end}`
    : `${monthName(first.month)} ${first.year} to ${end}`;
}

/** How many quarters the page offers: three years' worth, the quarter now running the first. */
export const QUARTERS_OFFERED = 12;

/** The quarter that holds `now` and the ones before it, newest first, for a picker. */
export function recentQuarters(
  stagger: VatStagger,
  now: Date,
  count = QUARTERS_OFFERED,
): VatQuarter[] {
  const quarters = [quarterHolding(now, stagger)];
  while (quarters.length < count) {
    const last = quarters.at(-1);
    if (!last) break;
    quarters.push(previousQuarter(last));
  }
  return quarters;
}

/** The VAT inside a refund: a sixth of it (at 20%), to the nearest penny, halves rounded up. */
export const refundVat = (amountPence: Pence): Pence => vatIncluded(amountPence);

/**
 * Sales or refunds of a quarter, added up: how many, the money within VAT (with its VAT), the VAT
 * in it, and the money outside VAT because of gift cards (multi-purpose cards sold, or what
 * single-purpose cards paid: no supply of the quarter), which `grossPence` leaves out.
 */
export interface VatTotals {
  count: number;
  grossPence: Pence;
  vatPence: Pence;
  outsidePence: Pence;
}

/** The boxes of the return the shop can fill: box 1 in pence, box 6 in whole pounds. */
export interface VatBoxes {
  box1Pence: Pence;
  box6Pounds: number;
}

/**
 * Pence as whole pounds, the pence left out, as HMRC asks box 6 to be: `1234599` is 12345. A
 * quarter with more refunds than sales has a negative box 6; its pence are left out the same way
 * (toward zero: `-1234599` is -12345), so the figure never says more went back than did.
 */
export function wholePounds(pence: Pence): number {
  const pounds = Math.trunc(pence / 100);
  // -99 pence is no pounds, not minus no pounds.
  return pounds === 0 ? 0 : pounds;
}

/**
 * `percent`% of an amount in pence, to the nearest penny, a half penny away from zero. The
 * percentage has at most two decimals (`7.5`, `16.5`); the sum is done in whole numbers.
 */
export function percentOf(pence: Pence, percent: number): Pence {
  const basisPoints = BigInt(Math.round(percent * 100));
  const magnitude = BigInt(Math.abs(pence));
  const rounded = (magnitude * basisPoints * 2n + 10_000n) / 20_000n;
  return Number(pence < 0 ? -rounded : rounded);
}

/**
 * The boxes from a quarter's sales and refunds. Standard scheme: box 1 is the VAT on sales less
 * the VAT in refunds; box 6 the sales less the refunds, both without VAT, in whole pounds. Flat
 * rate scheme: box 1 is the flat rate of the gross turnover (sales less refunds, VAT included) to
 * the penny; box 6 that turnover in whole pounds.
 */
export function vatBoxes(
  settings: Pick<VatSettings, 'scheme' | 'flatRate'>,
  sales: VatTotals,
  refunds: VatTotals,
): VatBoxes {
  const turnoverPence = sales.grossPence - refunds.grossPence;
  if (settings.scheme === 'flat-rate') {
    return {
      box1Pence: percentOf(turnoverPence, settings.flatRate ?? 0),
      box6Pounds: wholePounds(turnoverPence),
    };
  }
  const vatPence = sales.vatPence - refunds.vatPence;
  return { box1Pence: vatPence, box6Pounds: wholePounds(turnoverPence - vatPence) };
}

// The calls' schemas: `GET /api/reports/vat?quarter=` and `GET /api/reports/vat.csv?quarter=`.

/**
 * `?quarter=YYYY-MM`, the month the quarter ends; none means the quarter running now. Any text is
 * taken here, so that a month that ends no quarter and text that is no month at all are both
 * answered 400 QUARTER_UNKNOWN, with the months the shop's quarters end in.
 */
export const vatQuerySchema = z.object({
  quarter: z.preprocess(
    blankAsMissing,
    z
      .string()
      .refine(
        (text) => !/^\d{4}-\d{2}$/.test(text) || monthInBounds(text),
        `The quarter must end between ${FIRST_DAY.slice(0, 7)} and ${LAST_DAY.slice(0, 7)}`,
      )
      .optional()
      .describe(
        'The month the quarter ends, YYYY-MM (2026-06), which must end a quarter of VAT_STAGGER; ' +
          'none: the quarter that holds today',
      ),
  ),
});
export type VatQuery = z.infer<typeof vatQuerySchema>;

/**
 * Sales or refunds of the quarter in pounds: `gross` is the money within VAT, `net = gross - vat`;
 * `outside` the money outside VAT because of gift cards, in no box.
 */
export const vatFiguresSchema = z.object({
  count: z.number().int(),
  gross: z.number(),
  vat: z.number(),
  net: z.number(),
  outside: z
    .number()
    .describe(
      'Money outside VAT because of gift cards, not in gross: multi-purpose cards sold, or what ' +
        'single-purpose cards paid (and the same given back)',
    ),
});
export type VatFigures = z.infer<typeof vatFiguresSchema>;

/** A refund that went through in the quarter, with the order it gave money back on. */
export const vatRefundSchema = z.object({
  _id: z.string(),
  /** When it went through: its tax point. */
  at: z.string(),
  order: z.object({ _id: z.string(), orderNumber: z.string() }),
  amount: z.number(),
  vat: z.number(),
  /** What of the amount is outside VAT because of gift cards: it carries no VAT. */
  outside: z.number(),
});
export type VatRefund = z.infer<typeof vatRefundSchema>;

/** How many of the quarter's refunds the report lists; the VAT record has every one. */
export const VAT_REFUNDS_LISTED = 100;

/**
 * The VAT return of one quarter. `from` and `to` are instants (the quarter holds `from` up to, not
 * at, `to`); `firstDay` and `lastDay` its UK days, as the order search takes them. `box6` is whole
 * pounds; boxes 2, 8 and 9 are 0 (no trade with the EU). `refundList` is the quarter's refunds,
 * oldest first, at most `VAT_REFUNDS_LISTED` of `refunds.count`.
 */
export const vatReportSchema = z.object({
  quarter: z.string().describe('The month the quarter ends, YYYY-MM'),
  from: z.string().describe('The instant the quarter begins: UK midnight of its first day'),
  to: z.string().describe('The instant it ends, not included: UK midnight after its last day'),
  firstDay: z.string().describe('Its first UK day, YYYY-MM-DD'),
  lastDay: z.string().describe('Its last UK day, YYYY-MM-DD'),
  stagger: z.literal(VAT_STAGGERS),
  scheme: z.enum(VAT_SCHEMES),
  flatRate: z.number().nullable().describe('The flat rate percentage; null on the standard scheme'),
  sales: vatFiguresSchema,
  refunds: vatFiguresSchema,
  box1: z
    .number()
    .describe(
      'VAT due on sales, in pounds: standard, sales.vat - refunds.vat; flat rate, the flat rate ' +
        'of sales.gross - refunds.gross to the penny',
    ),
  box2: z.literal(0),
  box6: z
    .number()
    .int()
    .describe(
      'Sales without VAT in whole pounds, pence left out (toward zero): standard, sales.net - ' +
        'refunds.net; flat rate, sales.gross - refunds.gross',
    ),
  box8: z.literal(0),
  box9: z.literal(0),
  refundList: z
    .array(vatRefundSchema)
    .describe(`The quarter's refunds, oldest first: the first ${VAT_REFUNDS_LISTED} at most`),
});
export type VatReport = z.infer<typeof vatReportSchema>;
