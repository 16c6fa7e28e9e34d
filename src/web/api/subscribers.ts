import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriberPage } from '../../shared/newsletter/newsletter';
import type { Message } from '../../shared/api';
import { adminPageQuery } from './admin-resource';
import { apiDownload, apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The list may also say how many there are in all; without it the page works it out. */
type SubscriberList = SubscriberPage & { total?: number };

/** The newsletter's subscribers, a page at a time: admins only. */
export const subscribersQuery = (page: number) =>
  adminPageQuery<SubscriberList>(queryKeys.subscribers(page), `/subscribers?pageNumber=${page}`);

export const useSubscribers = (page: number) => useQuery(subscribersQuery(page));

/** Every subscriber as a CSV file, fetched with the admin's token (a plain link could not send it). */
export const downloadSubscribersCsv = () => apiDownload('/subscribers/export.csv');

/**
 * The unsubscribe link's call. A query rather than a mutation, so that it is made once per visit
 * even when React mounts the page twice (development) and is not repeated on re-render.
 */
export function unsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.unsubscribe(token),
    // No abort signal: a page mounted twice must not cancel the first call and send a second.
    queryFn: () =>
      apiRequest<Message>(`/subscribers/unsubscribe/${encodeURIComponent(token)}`, {
        method: 'POST',
      }),
    staleTime: Infinity,
    retry: false,
  });
}

export const useUnsubscribe = (token: string) => useQuery(unsubscribeQuery(token));

/** The confirmation link of a newsletter sign-up: called once per visit, like the unsubscribe link. */
function confirmSubscriptionQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.confirmSubscription(token),
    queryFn: () =>
      apiRequest<Message>(`/subscribers/confirm/${encodeURIComponent(token)}`, {
        method: 'POST',
      }),
    staleTime: Infinity,
    retry: false,
  });
}

export const useConfirmSubscription = (token: string) => useQuery(confirmSubscriptionQuery(token));
