import { formatPence, poundsToPence } from '../../../shared/money';

/** `12.5` → `£12.50`. */
export const pounds = (amount: number) => formatPence(poundsToPence(amount));

/** `a - b` in pounds, shown: worked in whole pence, as the server counts. */
export const poundsLess = (a: number, b: number) =>
  formatPence(poundsToPence(a) - poundsToPence(b));

const wholePoundFormat = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

/** `154` → `£154`: the boxes HMRC takes in whole pounds. */
export const wholePounds = (amount: number) => wholePoundFormat.format(amount);

/** `1 sale`, `3 refunds`. */
export const countOf = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;
