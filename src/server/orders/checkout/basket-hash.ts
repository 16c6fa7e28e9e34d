import { createHash } from 'node:crypto';
import type { QuoteBody } from '../../../shared/orders/checkout';

/**
 * What binds a payment to the basket it was opened for: its lines (product, option, quantity, a
 * gift card's chosen amount and a personalised line's text, in any order), gift wrap, voucher,
 * delivery service and the gift cards paying, hashed. An order sent for the payment must carry
 * the same, so the provider's page and the shop's order list the same things.
 */
export function basketHash({ orderItems, gift, voucher, delivery, giftCards }: QuoteBody): string {
  const lines = orderItems
    .map((line) => {
      const amount = line.giftCard?.amount === undefined ? '' : `@${line.giftCard.amount}`;
      // Only when personalised, so that a line without a text keeps the hash it had.
      const text = line.personalisation === undefined ? '' : `#${line.personalisation}`;
      return `${line.product}/${line.variant ?? ''}x${line.qty}${amount}${text}`;
    })
    .sort();
  const basket = {
    lines,
    wrap: gift?.wrap ?? false,
    voucher: voucher?.toUpperCase() ?? '',
    // Only when chosen, so that a payment opened without a choice keeps the hash it had.
    ...(delivery === undefined ? {} : { delivery }),
    ...(giftCards.length === 0 ? {} : { giftCards: [...giftCards].sort() }),
  };
  return createHash('sha256').update(JSON.stringify(basket)).digest('hex');
}
