import { shortDay } from '../delivery/delivery-days';

// Goods made for the buyer: made to order (no stock limit, dispatched after its lead days) or on
// pre-order (a limit in all, dispatched from its release date). The rules both sides read.

/** The fewest and most working days a made-to-order item may take before it is dispatched. */
export const LEAD_DAYS = { fewest: 1, most: 60 } as const;

/** The most units a pre-order may sell before its release date. */
export const PREORDER_LIMIT_MOST = 100_000;

export interface MadeToOrder {
  /** Working days it takes to make, before it is dispatched. */
  leadDays: number;
}

export interface Preorder {
  /** The UK day (`YYYY-MM-DD`) it is first dispatched; from then on it sells from stock. */
  releaseDate: string;
  /** How many it sells in all before its release date. */
  limit: number;
}

/** What is left to sell of a pre-order: its limit less the units sold on it. */
export interface PreorderStanding extends Preorder {
  left: number;
}

/** What a basket line, and an order's line, is sold as when it is not simply taken from stock. */
export type Making =
  | { madeToOrder: MadeToOrder; preorder: null }
  | { madeToOrder: null; preorder: Pick<Preorder, 'releaseDate'> };

/** What the rules need to know of a product, as the server keeps it or an answer carries it. */
export interface MadeForYouProduct {
  countInStock: number;
  madeToOrder: MadeToOrder | null;
  preorder: PreorderStanding | null;
}

/**
 * Whether a product sells on pre-order on the UK day `today`: it has one, none is in stock and
 * its release date is still to come. On its release date it is an ordinary product again.
 */
export const preorderOpen = (product: MadeForYouProduct, today: string): boolean =>
  product.preorder !== null && product.countInStock <= 0 && today < product.preorder.releaseDate;

/**
 * How a product (or the variant chosen) sells on `today`: made to order (a variant's own lead
 * days before its product's), on pre-order, or null for from stock.
 */
export function makingOf(
  product: MadeForYouProduct,
  variant: { madeToOrder: MadeToOrder | null } | undefined,
  today: string,
): Making | null {
  const madeToOrder = variant?.madeToOrder ?? product.madeToOrder;
  if (madeToOrder) return { madeToOrder: { leadDays: madeToOrder.leadDays }, preorder: null };
  if (product.preorder && preorderOpen(product, today)) {
    return { madeToOrder: null, preorder: { releaseDate: product.preorder.releaseDate } };
  }
  return null;
}

/** Whether any of a product's ways is made to order: a listing says so on its card. */
export function madeToOrderAnyWay(product: {
  madeToOrder: MadeToOrder | null;
  variants: readonly { madeToOrder?: MadeToOrder | null | undefined }[];
}): MadeToOrder | null {
  return (
    product.madeToOrder ??
    product.variants.find((variant) => variant.madeToOrder)?.madeToOrder ??
    null
  );
}

/** `12 Dec`: a release date as a card says it. */
const dayAndMonth = (day: string) => shortDay(day).replace(/^\S+ /, '');

/**
 * What cards, pages, the basket, checkout and mails say of it: "Made for you: dispatched in
 * about 10 working days" or "Pre-order: dispatched from 12 Dec".
 */
export function makingWords(making: Making): string {
  if (making.madeToOrder) {
    const days = making.madeToOrder.leadDays;
    return `Made for you: dispatched in about ${String(days)} working ${days === 1 ? 'day' : 'days'}`;
  }
  return `Pre-order: dispatched from ${dayAndMonth(making.preorder.releaseDate)}`;
}

/** The most of a made-to-order item one basket line may ask for: it is made one by one. */
export const MADE_TO_ORDER_MOST_PER_LINE = 20;

/**
 * How many of a product (or the variant chosen) a shopper may put in the basket on `today`:
 * made to order, up to a line's most; on pre-order, what its limit has left; else its stock.
 */
export function unitsOnSale(
  product: MadeForYouProduct,
  variant: { countInStock: number; madeToOrder?: MadeToOrder | null | undefined } | undefined,
  today: string,
): number {
  const making = makingOf(product, variant && { madeToOrder: variant.madeToOrder ?? null }, today);
  if (making?.madeToOrder) return MADE_TO_ORDER_MOST_PER_LINE;
  if (making?.preorder) return product.preorder?.left ?? 0;
  return (variant ?? product).countInStock;
}
