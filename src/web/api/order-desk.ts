import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkDispatchAnswer,
  BulkDispatchBody,
  NoteBody,
  Slips,
} from '../../shared/orders/order-desk';
import type { Order } from '../../shared/orders/orders';
import type { TrackingBody } from '../../shared/orders/parcels';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** The pick list and packing slips of the orders given: staff and the owner. */
export const useSlips = (ids: readonly string[]) =>
  useQuery({
    queryKey: queryKeys.slips(ids),
    queryFn: ({ signal }) =>
      apiRequest<Slips>(`/orders/slips?orders=${ids.map(encodeURIComponent).join(',')}`, {
        signal,
      }),
    enabled: ids.length > 0,
  });

/** Sends many orders at once; each is answered dispatched or refused, and every list refreshed. */
export function useDispatchMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkDispatchBody) =>
      apiRequest<BulkDispatchAnswer>('/orders/dispatch', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.allOrders }),
  });
}

/** A change to one order that answers it as it now stands: shown at once, its lists refreshed. */
function useOrderChange<Body>(request: (body: Body) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.order(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.allOrders });
    },
  });
}

/** Staff write a note on an order, for one another: the customer never sees it. */
export const useAddNote = (id: string) =>
  useOrderChange((body: NoteBody) =>
    apiRequest<Order>(`${orderPath(id)}/notes`, { method: 'POST', body }),
  );

/** Puts right a dispatched order's carrier and tracking number; the customer is mailed it. */
export const useCorrectTracking = (id: string) =>
  useOrderChange((body: TrackingBody) =>
    apiRequest<Order>(`${orderPath(id)}/tracking`, { method: 'PUT', body }),
  );
