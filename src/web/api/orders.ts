import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { BasketItem } from '../../shared/orders/basket-item';
import type { Message } from '../../shared/api';
import type { MyOrdersPage, Order, RecipientOrder } from '../../shared/orders/orders';
import type { DispatchBody } from '../../shared/orders/parcels';
import type {
  ExchangeBodyInput,
  RefundBodyInput,
  ReturnBody,
  ReturnCloseBody,
} from '../../shared/orders/after-sale';
import type { OrderBody, PaymentBody } from '../../shared/orders/checkout';
import type { FailedRefund, PaymentAnswer } from '../../shared/payments/payments';
import { useSession } from '../state/session-store';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;
/** A call on a guest's order carries the key of its link. */
const withKey = (path: string, key: string | undefined) =>
  key === undefined ? path : `${path}?key=${encodeURIComponent(key)}`;

/** A page of the shopper's own orders, newest first. */
function myOrdersQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.myOrders(page),
    queryFn: ({ signal }) =>
      apiRequest<MyOrdersPage>(`/orders/myorders?pageNumber=${page}`, { signal }),
    // The page shown stays while the next one loads, rather than the table emptying.
    placeholderData: keepPreviousData,
  });
}

/**
 * One order; the server answers it to its owner and to admins, to anyone with the key of a
 * guest's order (without its street, phone or email), only what a gift's recipient may see to
 * the key of their link, and 404 to anyone else.
 */
function orderQuery<Answer>(id: string, key?: string) {
  return queryOptions({
    queryKey: queryKeys.order(id, key),
    queryFn: ({ signal }) => apiRequest<Answer>(withKey(orderPath(id), key), { signal }),
  });
}

/** Asks only while someone is signed in: without a token the answer could only be 401. */
export function useMyOrders(page: number) {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({ ...myOrdersQuery(page), enabled: signedIn });
}

export const useOrder = (id: string, key?: string) => useQuery(orderQuery<Order>(id, key));

/**
 * Another order this one points to (the one it replaces, or its replacement), to name it: asked
 * only where the viewer may open orders by id (their account, the back office).
 */
export const useOtherOrder = (id: string | undefined) =>
  useQuery({ ...orderQuery<Order>(id ?? ''), enabled: id !== undefined });

/** An order as a page opened by a link shows it: the whole order, or a gift's recipient's view. */
export const useOrderByLink = (id: string, key: string | undefined) =>
  useQuery(orderQuery<Order | RecipientOrder>(id, key));

/** The answer is a gift's recipient's view, not the whole order. */
export const isRecipientView = (order: Order | RecipientOrder): order is RecipientOrder =>
  'forRecipient' in order;

/** After an order changed: show the answer at once, and refresh every list it is in. */
function useOrderChanged(key?: string) {
  const queryClient = useQueryClient();
  return async (order: Order) => {
    queryClient.setQueryData(queryKeys.order(order._id, key), order);
    await queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
  };
}

/** One call that moves an order on and answers it as it now stands. */
function useOrderMove<Input>(request: (input: Input) => Promise<Order>, key?: string) {
  const changed = useOrderChanged(key);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (order) => {
      await changed(order);
      // Cancellations and refunds may put stock back on the shelf.
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProducts });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allProductDetails });
    },
  });
}

/** An admin marks a paid order dispatched, with its carrier and tracking number when known. */
export const useDispatchOrder = (id: string) =>
  useOrderMove((body: DispatchBody) =>
    apiRequest<Order>(`${orderPath(id)}/dispatched`, { method: 'PUT', body }),
  );

export const useDeliverOrder = (id: string) =>
  useOrderMove(() => apiRequest<Order>(`${orderPath(id)}/delivered`, { method: 'PUT' }));

/** The customer (or an admin, or a guest with its key) cancels an order not yet dispatched. */
export const useCancelOrder = (id: string, key?: string) =>
  useOrderMove(
    () => apiRequest<Order>(withKey(`${orderPath(id)}/cancel`, key), { method: 'POST' }),
    key,
  );

/** A customer signed in with a guest order's email adds it to their account. */
export const useClaimOrder = (id: string, key: string) =>
  useOrderMove(() => apiRequest<Order>(withKey(`${orderPath(id)}/claim`, key), { method: 'POST' }));

/** The customer asks to send a delivered order back, with a reason. */
export const useRequestReturn = (id: string) =>
  useOrderMove((body: ReturnBody) =>
    apiRequest<Order>(`${orderPath(id)}/return`, { method: 'POST', body }),
  );

/** An admin gives back part or all of an order, choosing what goes back into stock. */
export const useRefundOrder = (id: string) =>
  useOrderMove((body: RefundBodyInput) =>
    apiRequest<Order>(`${orderPath(id)}/refunds`, { method: 'POST', body }),
  );

/** Staff end a customer's return: refunded, exchanged by other means, or rejected with a note. */
export const useCloseReturn = (id: string) =>
  useOrderMove((body: ReturnCloseBody) =>
    apiRequest<Order>(`${orderPath(id)}/return/close`, { method: 'POST', body }),
  );

/**
 * Staff send a replacement for what came back: the answer is the new order, at no charge. It is
 * kept for its own page; the first order (now linked to it, its return closed) is asked again.
 */
export function useSendReplacement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExchangeBodyInput) =>
      apiRequest<Order>(`${orderPath(id)}/exchange`, { method: 'POST', body }),
    onSuccess: (replacement) => {
      queryClient.setQueryData(queryKeys.order(replacement._id), replacement);
      // Not waited for: the replacement is shown at once, the first order as it comes.
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allOrders }),
        // The replacement takes stock, and what came back may go back on the shelf.
        queryClient.invalidateQueries({ queryKey: queryKeys.allProducts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allProductDetails }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allAdminProducts }),
      ]);
    },
  });
}

/** Refunds the payment provider did not take: money still owed. Admins only. */
export const useFailedRefunds = () =>
  useQuery({
    queryKey: queryKeys.failedRefunds,
    queryFn: ({ signal }) => apiRequest<FailedRefund[]>('/refunds/failed', { signal }),
  });

/**
 * Asks the provider again for a refund it refused. Either way, both lists it shows in are asked
 * again: the failed refunds (with the orders) and the payments that made no order.
 */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Message>(`/refunds/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allOrders }),
        queryClient.invalidateQueries({ queryKey: queryKeys.paymentsWithoutOrder }),
      ]),
  });
}

/** Opens a payment with the provider for the basket as the server prices it; answers its id. */
export function startPayment(body: PaymentBody) {
  return apiRequest<PaymentAnswer>('/payments', { method: 'POST', body });
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
  return apiRequest<Order>('/orders', { method: 'POST', body });
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
