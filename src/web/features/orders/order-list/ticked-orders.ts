import { useState } from 'react';
import type { Order } from '../../../../shared/orders/orders';

/** An order ticked on the list: its id for the API, its number for people. */
export interface TickedOrder {
  id: string;
  orderNumber: string;
}

export interface TickedOrders {
  /** In the order they were ticked. */
  list: readonly TickedOrder[];
  has: (id: string) => boolean;
  toggle: (order: Pick<Order, '_id' | 'orderNumber'>) => void;
  /** Ticks these as well as those ticked already. */
  tickAll: (orders: readonly Pick<Order, '_id' | 'orderNumber'>[]) => void;
  untick: (ids: readonly string[]) => void;
}

/**
 * The orders ticked on the list, kept while the list moves between pages and searches, so that
 * a morning's orders can be gathered from several.
 */
export function useTickedOrders(): TickedOrders {
  const [ticked, setTicked] = useState<ReadonlyMap<string, string>>(new Map());
  return {
    list: [...ticked].map(([id, orderNumber]) => ({ id, orderNumber })),
    has: (id) => ticked.has(id),
    toggle: ({ _id, orderNumber }) =>
      setTicked((current) => {
        const next = new Map(current);
        if (next.has(_id)) next.delete(_id);
        else next.set(_id, orderNumber);
        return next;
      }),
    tickAll: (orders) =>
      setTicked((current) => {
        const next = new Map(current);
        for (const order of orders) next.set(order._id, order.orderNumber);
        return next;
      }),
    untick: (ids) =>
      setTicked((current) => {
        const next = new Map(current);
        for (const id of ids) next.delete(id);
        return next;
      }),
  };
}
