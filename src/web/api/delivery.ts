import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryAnswer } from '../../shared/delivery';
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
