import { poundsToPence, type Pence } from '../../../shared/money';
import type { Order } from '../../../shared/orders/orders';

/**
 * What was paid for an order and has not been given back, counted in pence: the pound figures'
 * difference as floats can be a fraction of a penny off (0.3 - 0.1 is 0.19999999999999998).
 */
export const leftToRefund = (order: Pick<Order, 'totalPrice' | 'refundedTotal'>): Pence =>
  poundsToPence(order.totalPrice) - poundsToPence(order.refundedTotal);
