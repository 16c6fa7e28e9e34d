import { createHash } from 'node:crypto';
import type { QuoteBody } from '../../shared/orders';

/**
 * What binds a payment to the basket it was opened for: its lines (product, option, quantity, in
 * any order), gift wrap and voucher, hashed. An order sent for the payment must carry the same,
 * so the provider's page and the shop's order list the same things.
 */
export function basketHash({ orderItems, gift, voucher }: QuoteBody): string {
  const lines = orderItems
    .map((line) => `${line.product}/${line.variant ?? ''}x${line.qty}`)
    .sort();
  const basket = { lines, wrap: gift?.wrap ?? false, voucher: voucher?.toUpperCase() ?? '' };
  return createHash('sha256').update(JSON.stringify(basket)).digest('hex');
}
