import type { ReturnOutcome } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';

/** How staff choose a return's outcome, and how the page then names it. */
export const RETURN_OUTCOME_CHOICES: Record<ReturnOutcome, string> = {
  refunded: 'Refunded',
  exchanged: 'Exchanged for another item',
  rejected: 'Rejected',
};

/** The customer asked to send the order back and the shop has not yet ended the return. */
export const isReturnOpen = (order: Order) =>
  order.status === 'return_requested' && order.returnClosed === undefined;
