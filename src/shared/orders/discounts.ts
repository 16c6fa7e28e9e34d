import { formatPence, type Pence } from '../money';

// How a discount is worked out on a basket: what an offer (a voucher's or a promotion's) takes off,
// which lines it takes it from, to the penny, and which offers an order gets.

export const OFFER_KINDS = ['amount', 'percent', 'delivery'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** What an offer takes off and where, money in pence: the rules vouchers and promotions share. */
export interface OfferTerms {
  kind: OfferKind;
  /** `amount`: what it takes off the lines it applies to. */
  discountPence: Pence;
  /** `percent`: 1 to 100. */
  percent: number | null;
  /** `percent`: the most it takes off; null for no cap. */
  capPence: Pence | null;
  /** `delivery`: the services whose price it takes off; empty for any. */
  services: readonly string[];
  /** The shelves (a category or a department) and products it applies to; both empty: all. */
  appliesTo: { categories: readonly string[]; products: readonly string[] };
  /** What the lines it applies to must come to; null for no minimum. */
  minSpendPence: Pence | null;
}

/** A basket line as discounts see it. */
export interface DiscountLine {
  productId: string;
  /** Its category and its department, when it has one. */
  shelves: readonly string[];
  /** Its price times its quantity. */
  valuePence: Pence;
  /** False for what no offer applies to (a gift card). */
  discountable: boolean;
}

/**
 * An amount shared out over parts in proportion to their weights, to the penny: each part gets
 * the whole pence of its share, and the pence left over go one each to the parts with the largest
 * remainders (the earlier part first when two are equal). The parts add up to the amount exactly;
 * a part with no weight gets nothing.
 */
export function spreadPence(amount: Pence, weights: readonly number[]): Pence[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((weight, index) => {
    const exact = amount * weight;
    return { index, whole: Math.floor(exact / total), remainder: exact % total };
  });
  let left = amount - shares.reduce((sum, share) => sum + share.whole, 0);
  const parts = shares.map((share) => share.whole);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    parts[share.index] = (parts[share.index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Whether an offer applies to a line: it can be discounted, and is on a shelf or product named. */
export function offerCovers(terms: Pick<OfferTerms, 'appliesTo'>, line: DiscountLine): boolean {
  if (!line.discountable) return false;
  const { categories, products } = terms.appliesTo;
  if (categories.length === 0 && products.length === 0) return true;
  return (
    products.includes(line.productId) || line.shelves.some((shelf) => categories.includes(shelf))
  );
}

/** What the lines an offer applies to come to (left after any discount before it). */
export function coveredSpend(terms: OfferTerms, lines: readonly DiscountLine[]): Pence {
  return lines.reduce((sum, line) => sum + (offerCovers(terms, line) ? line.valuePence : 0), 0);
}

/** Half a penny and more rounds up: a percentage of an amount in whole pence. */
const percentOf = (pence: Pence, percent: number) => Math.floor((pence * percent + 50) / 100);

/** What an offer takes off: from each line, and from the delivery. */
export interface Saving {
  linePence: Pence[];
  deliveryPence: Pence;
}

export const savingTotal = (saving: Saving) =>
  saving.linePence.reduce((sum, pence) => sum + pence, 0) + saving.deliveryPence;

/**
 * What an offer takes off these lines (each line's value what is left of it after any discount
 * before this one) and this delivery: an amount or a percentage (up to its cap) of the lines it
 * applies to, shared over them in proportion, never more than they come to; or the price of the
 * delivery, when it is a service the offer names (or it names none). The minimum spend is
 * checked by the caller, which says what is missing.
 */
export function offerSaving(
  terms: OfferTerms,
  lines: readonly DiscountLine[],
  delivery: { service: string; pricePence: Pence },
): Saving {
  const covered = lines.map((line) => (offerCovers(terms, line) ? line.valuePence : 0));
  const spend = covered.reduce((sum, pence) => sum + pence, 0);
  if (terms.kind === 'delivery') {
    const named = terms.services.length === 0 || terms.services.includes(delivery.service);
    return {
      linePence: lines.map(() => 0),
      deliveryPence: named && spend > 0 ? Math.max(delivery.pricePence, 0) : 0,
    };
  }
  const wanted =
    terms.kind === 'amount'
      ? terms.discountPence
      : Math.min(percentOf(spend, terms.percent ?? 0), terms.capPence ?? Number.MAX_SAFE_INTEGER);
  return { linePence: spreadPence(Math.min(wanted, spend), covered), deliveryPence: 0 };
}

/** The lines with what a saving took off them taken off their value. */
export const linesAfter = (lines: readonly DiscountLine[], saving: Saving): DiscountLine[] =>
  lines.map((line, index) => ({
    ...line,
    valuePence: line.valuePence - (saving.linePence[index] ?? 0),
  }));

/** How far the lines an offer applies to are from its minimum spend: 0 once they reach it. */
export function minSpendShortfall(terms: OfferTerms, lines: readonly DiscountLine[]): Pence {
  return terms.minSpendPence === null
    ? 0
    : Math.max(terms.minSpendPence - coveredSpend(terms, lines), 0);
}

/** The words for an offer's minimum spend not yet met. */
export function minSpendWords(terms: OfferTerms, shortfall: Pence, what: string): string {
  const where =
    terms.appliesTo.categories.length + terms.appliesTo.products.length === 0
      ? 'on items'
      : 'on the items it applies to';
  return `${what} needs a spend of ${formatPence(terms.minSpendPence ?? 0)} ${where}: add ${formatPence(shortfall)} more to use it`;
}
