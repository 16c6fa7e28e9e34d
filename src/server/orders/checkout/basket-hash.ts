import { createHash } from 'node:crypto';
import type { QuoteBody } from '../../../shared/orders/checkout';

/**
 * What binds a payment to the basket it was opened for: its lines (product, option, quantity, in
 * any order), gift wrap, voucher and delivery service, hashed. An order sent for the payment must carry the same,
 * so the provider's page and the shop's order list the same things.
 */
export function basketHash({ orderItems, gift, voucher, delivery }: QuoteBody): string {
  const lines = orderItems
    .map((line) => `${line.product}/${line.variant ?? ''}x${line.qty}`)
    .sort();
  const basket = {
    lines,
    wrap: gift?.wrap ?? false,
    voucher: voucher?.toUpperCase() ?? '',
    // Only when chosen, so that a payment opened without a choice keeps the hash it had.
    ...(delivery === undefined ? {} : { delivery }),
  };
  return createHash('sha256').update(JSON.stringify(basket)).digest('hex');
}
