import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '../../shared/api';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Which payment provider the checkout uses (PayPal, or the server's own test provider). */
export function paymentConfigQuery() {
  return queryOptions({
    queryKey: queryKeys.paymentConfig,
    queryFn: ({ signal }) => apiRequest<PaymentConfig>('/config/paypal', { signal }),
    staleTime: Infinity,
  });
}

export const usePaymentConfig = () => useQuery(paymentConfigQuery());
