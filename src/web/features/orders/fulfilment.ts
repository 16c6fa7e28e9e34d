import { formatLongDate } from '../../../shared/dates';
import { ORDER_STATUS_WORDS } from '../../../shared/order-status';
import type { Order } from '../../../shared/orders';

type Dates = Pick<
  Order,
  'isPaid' | 'paidAt' | 'isDispatched' | 'dispatchedAt' | 'isDelivered' | 'deliveredAt'
>;

const on = (date: string | null) => (date ? formatLongDate(date) : 'date not recorded');

/** A replacement sent for what came back of another order: there was nothing to pay. */
export const isReplacement = (order: Pick<Order, 'exchangeFor'>) => order.exchangeFor !== undefined;

/** 'Paid on 21 November 2026', or the spec's 'Not Paid'; a replacement was free. */
export function paymentWords(order: Dates & Pick<Order, 'exchangeFor'>): string {
  if (isReplacement(order)) return 'Nothing to pay: sent as a replacement';
  return order.isPaid ? `Paid on ${on(order.paidAt)}` : 'Not Paid';
}

/**
 * How far the parcel has got, in the spec's words: 'Not Dispatched', 'Dispatched: {date}', or,
 * once delivered, both 'Dispatched: {date}' and 'Delivered: {date}'. A cancelled order never went.
 */
export function fulfilmentWords(order: Dates & Pick<Order, 'status'>): string[] {
  if (order.status === 'cancelled') return [];
  if (!order.isDispatched && !order.isDelivered) return ['Not Dispatched'];
  const lines = [`Dispatched: ${on(order.dispatchedAt)}`];
  if (order.isDelivered) lines.push(`Delivered: ${on(order.deliveredAt)}`);
  return lines;
}

/** The order's status as a shopper reads it: 'Dispatched', 'Cancelled', 'Return requested'… */
export const statusWords = (order: Pick<Order, 'status'>) => ORDER_STATUS_WORDS[order.status];
