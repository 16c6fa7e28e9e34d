import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../shared/catalog/catalog';
import type { DeliveryAnswer } from '../../shared/delivery/delivery';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** A line of a basket as `GET /api/delivery?items=` names it. */
export interface DeliveryLine {
  product: string;
  variant?: string | null | undefined;
  qty: number;
}

/** `p1:3,p2:v7:1`: the lines in the order given; '' for none. */
export const deliveryItemsOf = (lines: readonly DeliveryLine[]): string =>
  lines
    .map((line) => [line.product, ...(line.variant ? [line.variant] : []), line.qty].join(':'))
    .join(',');

/**
 * The services a basket may use now, cheapest first, with prices and dates, and the holiday and
 * banner showing; without lines, every service for one typical item. The dates move with the
 * clock: asked for again after a minute.
 */
export function deliveryQuery(lines: readonly DeliveryLine[] = []) {
  const items = deliveryItemsOf(lines);
  return queryOptions({
    queryKey: queryKeys.delivery(items),
    queryFn: ({ signal }) =>
      apiRequest<DeliveryAnswer>(
        items === '' ? '/delivery' : `/delivery?items=${encodeURIComponent(items)}`,
        { signal },
      ),
    staleTime: 60_000,
  });
}

export const useDelivery = (lines: readonly DeliveryLine[] = []) => useQuery(deliveryQuery(lines));

/** What a product page asks delivery of: its id, price and variants. */
type Priced = Pick<Product, '_id' | 'price'> & {
  variants: readonly Pick<Product['variants'][number], '_id' | 'price'>[];
};

/**
 * The one item a product page tells delivery of: the variant chosen, else the cheapest (its
 * "from" price), or the product sold one way.
 */
export function productDeliveryLine(product: Priced, variantId?: string): DeliveryLine {
  const chosen =
    product.variants.find((variant) => variant._id === variantId) ??
    product.variants.reduce<Priced['variants'][number] | undefined>(
      (cheapest, variant) => (cheapest && cheapest.price <= variant.price ? cheapest : variant),
      undefined,
    );
  return { product: product._id, variant: chosen?._id ?? null, qty: 1 };
}

/**
 * One item for each price a product sells at (the first variant at it), with that price: which
 * services carry a parcel depends on what it is worth, so each offer of the product's structured
 * data is told of the services at its own price.
 */
export function pricedDeliveryLines(product: Priced): Map<number, DeliveryLine> {
  const lines = new Map<number, DeliveryLine>();
  if (product.variants.length === 0) {
    lines.set(product.price, { product: product._id, variant: null, qty: 1 });
  }
  for (const variant of product.variants) {
    if (!lines.has(variant.price)) {
      lines.set(variant.price, { product: product._id, variant: variant._id, qty: 1 });
    }
  }
  return lines;
}
