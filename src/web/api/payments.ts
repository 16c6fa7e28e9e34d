import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '../../shared/payments/payments';
import type { PaymentWithoutOrder } from '../../shared/payments/payments';
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

/** The latest 100 payments the shop took that made no order, newest first: admins only. */
export function paymentsWithoutOrderQuery() {
  return queryOptions({
    queryKey: queryKeys.paymentsWithoutOrder,
    queryFn: ({ signal }) =>
      apiRequest<PaymentWithoutOrder[]>('/payments/without-order', { signal }),
  });
}

export const usePaymentsWithoutOrder = () => useQuery(paymentsWithoutOrderQuery());
