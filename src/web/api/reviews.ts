import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '../../shared/api';
import type { ReviewBody } from '../../shared/reviews';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * Posts a review, then refetches the product (its reviews, rating and count) before settling, so
 * the product page shows the new review as soon as the form reports success. Listings show the
 * rating too, so they are marked stale.
 */
export function useAddReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      apiRequest(`/products/${encodeURIComponent(productId)}/review`, messageSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.product(productId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allProducts }),
      ]),
  });
}
