import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import type { BasketItem } from '../../shared/basket';
import {
  orderSchema,
  paymentAnswerSchema,
  type Order,
  type OrderBody,
  type PaymentBody,
} from '../../shared/orders';
import { useSession } from '../state/session-store';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** The shopper's own orders, newest first. */
export function myOrdersQuery() {
  return queryOptions({
    queryKey: queryKeys.myOrders,
    queryFn: ({ signal }) => apiRequest('/orders/myorders', z.array(orderSchema), { signal }),
  });
}

/** One order; the server answers it to its owner and to admins, and 404 to anyone else. */
export function orderQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.order(id),
    queryFn: ({ signal }) => apiRequest(orderPath(id), orderSchema, { signal }),
  });
}

/** Every order in the shop, newest first: admins only. */
export function ordersQuery() {
  return queryOptions({
    queryKey: queryKeys.orders,
    queryFn: ({ signal }) => apiRequest('/orders', z.array(orderSchema), { signal }),
  });
}

/** Asks only while someone is signed in: without a token the answer could only be 401. */
export function useMyOrders() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({ ...myOrdersQuery(), enabled: signedIn });
}

export const useOrder = (id: string) => useQuery(orderQuery(id));
export const useOrders = () => useQuery(ordersQuery());

export type FulfilmentStep = 'dispatched' | 'delivered';

/** An admin moves a paid order on: dispatched, then delivered. A wrong state answers 409. */
export function useMarkOrder(step: FulfilmentStep) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${orderPath(id)}/${step}`, orderSchema, { method: 'PUT' }),
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.order(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
    },
  });
}

/** Opens a payment with the provider for the basket as the server prices it; answers its id. */
export function startPayment(body: PaymentBody) {
  return apiRequest('/payments', paymentAnswerSchema, { method: 'POST', body });
}

/** The spec's order payload: each line also carries what the shopper saw (the server re-prices). */
export interface OrderRequest extends Omit<OrderBody, 'orderItems'> {
  orderItems: (PaymentBody['orderItems'][number] &
    Pick<BasketItem, 'name' | 'brand' | 'image' | 'price'>)[];
}

/**
 * Records the order once the buyer has approved the payment: the server captures it and answers
 * the paid order (the same one again if this payment was already recorded).
 */
export function submitOrder(body: OrderRequest): Promise<Order> {
  return apiRequest('/orders', orderSchema, { method: 'POST', body });
}

/** What to refresh once an order exists: the order itself, the order lists, and the stock shown. */
export function useRememberNewOrder() {
  const queryClient = useQueryClient();
  return (order: Order) => {
    queryClient.setQueryData(queryKeys.order(order._id), order);
    void queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allProducts });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allProductDetails });
  };
}
