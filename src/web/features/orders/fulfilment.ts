import { formatLongDate } from '../../../shared/dates';
import { ORDER_STATUS_WORDS } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import { readyToCollect } from '../../ui/DeliveryChoice';

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
 * A collection is ready to collect (from where, and from which day) where a parcel is
 * dispatched, and collected where it is delivered.
 */
export function fulfilmentWords(
  order: Dates & Pick<Order, 'status' | 'delivery'>,
  collection: { address: string } | null = null,
): string[] {
  if (order.status === 'cancelled') return [];
  if (order.delivery?.collect) {
    if (order.isDelivered) return [`Collected: ${on(order.deliveredAt)}`];
    if (order.isDispatched) {
      return [collection ? `Ready to collect from ${collection.address}` : 'Ready to collect'];
    }
    return [readyToCollect(order.delivery, collection)];
  }
  if (!order.isDispatched && !order.isDelivered) return ['Not Dispatched'];
  const lines = [`Dispatched: ${on(order.dispatchedAt)}`];
  if (order.isDelivered) lines.push(`Delivered: ${on(order.deliveredAt)}`);
  return lines;
}

/** What a collection's moves read as, where a parcel's read as dispatched and delivered. */
const COLLECT_STATUS_WORDS: Partial<Record<Order['status'], string>> = {
  dispatched: 'Ready to collect',
  delivered: 'Collected',
};

/** The order's status as a shopper reads it: 'Dispatched', 'Cancelled', 'Return requested'… */
export const statusWords = (order: Pick<Order, 'status' | 'delivery'>) =>
  (order.delivery?.collect ? COLLECT_STATUS_WORDS[order.status] : undefined) ??
  ORDER_STATUS_WORDS[order.status];
