import { compact, keptWords, reversedId, wordsOf } from '../sql/search-words';

/**
 * What an order is found by in the back office: its number, its id or the end of it, the
 * customer's name and email, the recipient, the postcode, the tracking number, a product, a SKU.
 */
export function orderWords(order: {
  id: string;
  orderNumber: string;
  userName: string;
  userEmail: string;
  shippingAddress: { name: string; postalCode: string };
  tracking: { number: string } | null;
  items: readonly { name: string; sku: string | null }[];
}): string[] {
  const skus = order.items.flatMap((item) => (item.sku === null ? [] : [item.sku]));
  return keptWords([
    compact(order.orderNumber),
    order.id.toLowerCase(),
    reversedId(order.id),
    order.userEmail.toLowerCase(),
    compact(order.userEmail),
    ...wordsOf(order.userName),
    ...wordsOf(order.shippingAddress.name),
    compact(order.shippingAddress.postalCode),
    ...(order.tracking ? [compact(order.tracking.number)] : []),
    ...order.items.flatMap((item) => wordsOf(item.name)),
    ...skus.flatMap((sku) => [sku.toLowerCase(), compact(sku)]),
  ]);
}
