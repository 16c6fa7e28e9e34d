import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import type { StockAlertBody } from '../../shared/stock-alerts/stock-alerts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Asks to be mailed once when a sold-out product or variant is back. */
export const useStockAlert = (productId: string) =>
  useMutation({
    mutationFn: (body: StockAlertBody) =>
      apiRequest<Message>(`/products/${encodeURIComponent(productId)}/alerts`, {
        method: 'POST',
        body,
      }),
  });

/** The cancel link of a back-in-stock mail: made once per visit, like the unsubscribe link. */
function cancelStockAlertQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.cancelStockAlert(token),
    queryFn: () =>
      apiRequest<Message>(`/stock-alerts/cancel/${encodeURIComponent(token)}`, {
        method: 'POST',
      }),
    staleTime: Infinity,
    retry: false,
  });
}

export const useCancelStockAlert = (token: string) => useQuery(cancelStockAlertQuery(token));
