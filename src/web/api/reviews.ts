import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import type { MyReview, ReviewBody } from '../../shared/catalog/catalog';
import type {
  ModerationBody,
  ReplyBody,
  ReportBody,
  ReviewQueue,
} from '../../shared/catalog/review-moderation';
import { adminPageQuery } from './admin-resource';
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
 * Posts a review, then asks again for the customer's own review (so the page stops offering the
 * form) and answers whether it waits for the shop to show it, as it does while the owner holds
 * new reviews. The product (its reviews, rating and count) is refetched before settling, so the
 * product page shows a review shown at once as soon as the form reports success. Listings show
 * the rating too, so they are marked stale. 'Already reviewed' asks for the own review again too.
 */
export function useAddReview(productId: string) {
  const queryClient = useQueryClient();
  const mine = () => queryClient.invalidateQueries({ queryKey: queryKeys.myReview(productId) });
  return useMutation({
    mutationFn: async (body: ReviewBody): Promise<{ waiting: boolean }> => {
      await apiRequest<Message>(`${productPath(productId)}/review`, { method: 'POST', body });
      const own = await queryClient.query({ ...myReviewQuery(productId), staleTime: 0 });
      return { waiting: own.review?.waiting ?? false };
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.product(productId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allProducts }),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ALREADY_REVIEWED') void mine();
    },
  });
}

const reviewPath = (productId: string, reviewId: string) =>
  `${productPath(productId)}/reviews/${encodeURIComponent(reviewId)}`;

/** A shopper, signed in or not, asks the shop to look at a review. */
export function useReportReview(productId: string, reviewId: string) {
  return useMutation({
    mutationFn: (body: ReportBody) =>
      apiRequest<Message>(`${reviewPath(productId, reviewId)}/report`, { method: 'POST', body }),
  });
}

/** The owner's queue of reviews, reported ones on top (or those alone), a page at a time. */
export const reviewQueueQuery = (reportedOnly: boolean, page: number) =>
  adminPageQuery<ReviewQueue>(
    queryKeys.reviewQueue(reportedOnly, page),
    `/reviews?${reportedOnly ? 'reported=true&' : ''}pageNumber=${page}`,
  );

export const useReviewQueue = (reportedOnly: boolean, page: number) =>
  useQuery(reviewQueueQuery(reportedOnly, page));

/**
 * What the owner's changes to a review make stale: the queue, the product's page (its reviews,
 * rating and count), the listings that show its rating, and the audit log.
 */
function useReviewChanged() {
  const queryClient = useQueryClient();
  return (productId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.allReviewQueues }),
      queryClient.invalidateQueries({ queryKey: queryKeys.product(productId), exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allProducts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allAudit }),
    ]);
}

interface ReviewTarget {
  productId: string;
  reviewId: string;
}

/** The owner hides a review with a reason, or shows it again (or keeps it, reports dealt with). */
export function useModerateReview() {
  const changed = useReviewChanged();
  return useMutation({
    mutationFn: ({ productId, reviewId, body }: ReviewTarget & { body: ModerationBody }) =>
      apiRequest<Message>(reviewPath(productId, reviewId), { method: 'PUT', body }),
    onSuccess: (_answer, { productId }) => changed(productId),
  });
}

/** The shop's public reply under a review; a later one replaces it. */
export function useReplyToReview() {
  const changed = useReviewChanged();
  return useMutation({
    mutationFn: ({ productId, reviewId, body }: ReviewTarget & { body: ReplyBody }) =>
      apiRequest<Message>(`${reviewPath(productId, reviewId)}/reply`, { method: 'POST', body }),
    onSuccess: (_answer, { productId }) => changed(productId),
  });
}
