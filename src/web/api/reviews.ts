import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import type { MyReview, ReviewBody } from '../../shared/catalog';
import { useSession } from '../state/session-store';
import { ApiError, apiRequest } from './client';
import { queryKeys } from './query-keys';

const productPath = (productId: string) => `/products/${encodeURIComponent(productId)}`;

/** The signed-in customer's own review of a product, or `{ review: null }`. */
function myReviewQuery(productId: string) {
  return queryOptions({
    queryKey: queryKeys.myReview(productId),
    queryFn: ({ signal }) =>
      apiRequest<MyReview>(`${productPath(productId)}/my-review`, { signal }),
  });
}

/** Asks only while someone is signed in: a guest has written no review. */
export function useMyReview(productId: string) {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({ ...myReviewQuery(productId), enabled: signedIn });
}

/**
 * Posts a review, then refetches the product (its reviews, rating and count) before settling, so
 * the product page shows the new review as soon as the form reports success. Listings show the
 * rating too, so they are marked stale. The customer's own review is asked again after success
 * and after 'already reviewed', so the page stops offering the form.
 */
export function useAddReview(productId: string) {
  const queryClient = useQueryClient();
  const mine = () => queryClient.invalidateQueries({ queryKey: queryKeys.myReview(productId) });
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      apiRequest<Message>(`${productPath(productId)}/review`, {
        method: 'POST',
        body,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.product(productId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allProducts }),
        mine(),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_REVIEWED') void mine();
    },
  });
}
