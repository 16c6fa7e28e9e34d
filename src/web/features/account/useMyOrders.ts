/** What the profile's order table shows of one order. */
export interface OrderRow {
  _id: string;
  createdAt: string;
  totalPrice: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
}

interface MyOrders {
  data: readonly OrderRow[];
  isPending: boolean;
  error: unknown;
}

const NO_ORDERS: readonly OrderRow[] = [];

/**
 * The signed-in shopper's own orders. `GET /api/orders/myorders` arrives with the orders work, so
 * for now there is nothing to fetch and the list is empty; this hook will then become a TanStack
 * query under `queryKeys.session` with the same shape, and the screens will not change.
 */
export function useMyOrders(): MyOrders {
  return { data: NO_ORDERS, isPending: false, error: null };
}
