import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { messageSchema } from '../../shared/api';
import type { StockAlertBody } from '../../shared/stock-alerts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Asks to be mailed once when a sold-out product or variant is back. */
export const useStockAlert = (productId: string) =>
  useMutation({
    mutationFn: (body: StockAlertBody) =>
      apiRequest(`/products/${encodeURIComponent(productId)}/alerts`, messageSchema, {
        method: 'POST',
        body,
      }),
  });

/** The cancel link of a back-in-stock mail: made once per visit, like the unsubscribe link. */
function cancelStockAlertQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.cancelStockAlert(token),
    queryFn: () =>
      apiRequest(`/stock-alerts/cancel/${encodeURIComponent(token)}`, messageSchema, {
        method: 'POST',
      }),
    staleTime: Infinity,
    retry: false,
  });
}

export const useCancelStockAlert = (token: string) => useQuery(cancelStockAlertQuery(token));
