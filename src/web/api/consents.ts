import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import { consentsSchema, type ConsentTicks } from '../../shared/consents/consents';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The signed-in person's consents to marketing mail, withdrawn ones kept. */
export const useConsents = () =>
  useQuery({
    queryKey: queryKeys.consents,
    queryFn: async ({ signal }) =>
      consentsSchema.parse(await apiRequest<unknown>('/users/profile/consents', { signal })),
  });

/** Saves the account page's two ticks; the answer is the consents afterwards. */
export function useSetConsents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ticks: ConsentTicks) =>
      consentsSchema.parse(
        await apiRequest<unknown>('/users/profile/consents', { method: 'PUT', body: ticks }),
      ),
    onSuccess: (consents) => client.setQueryData(queryKeys.consents, consents),
  });
}

/** The one-click unsubscribe link's call, made once per visit like the other mailed links. */
function oneClickUnsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.oneClickUnsubscribe(token),
    // No abort signal: a page mounted twice must not cancel the first call and send a second.
    queryFn: () =>
      apiRequest<Message>(`/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' }),
    staleTime: Infinity,
    retry: false,
  });
}

export const useOneClickUnsubscribe = (token: string) => useQuery(oneClickUnsubscribeQuery(token));
