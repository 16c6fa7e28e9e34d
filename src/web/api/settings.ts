import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings } from '../../shared/settings/settings';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The owner's settings: the server answers both calls with 403 to anyone but an admin.

function settingsQuery() {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => apiRequest<Settings>('/settings', { signal }),
  });
}

export const useSettings = () => useQuery(settingsQuery());

/** What shows a setting, asked for again once one is saved. */
const SHOWN_ELSEWHERE = [
  queryKeys.shopIdentity,
  queryKeys.paymentConfig,
  queryKeys.desk,
  queryKeys.allOrders,
  queryKeys.adminProductLists,
  queryKeys.allDelivery,
];

/**
 * Saves the whole document at the version it was read: a later save in between answers 409
 * SETTINGS_CHANGED. Saved, the document is the one the server answered, and what shows a setting
 * (the footer's trader, gift wrap, the desk's low stock, the VAT return, delivery prices and
 * dates) is asked for again.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Settings) =>
      apiRequest<Settings>('/settings', { method: 'PUT', body: settings }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.settings, saved);
      await Promise.all(
        SHOWN_ELSEWHERE.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
