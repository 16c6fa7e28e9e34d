import type { Pence } from './money';

export const FREE_SHIPPING_ABOVE: Pence = 5999;
export const SHIPPING_COST: Pence = 499;
export const VAT_RATE_PERCENT = 20;

interface PricedLine {
  pricePence: Pence;
  qty: number;
}

export interface OrderPrice {
  itemsPence: Pence;
  shippingPence: Pence;
  /** Gift wrap, when chosen: standard-rated like the rest, so within the VAT. */
  giftWrapPence: Pence;
  /** The VAT contained in what the shopper pays (items and delivery); shown, never added. */
  taxPence: Pence;
  voucherDiscountPence: Pence;
  totalPence: Pence;
}

export function itemsTotal(lines: readonly PricedLine[]): Pence {
  return lines.reduce((sum, line) => sum + line.pricePence * line.qty, 0);
}

function shippingFor(itemsPence: Pence): Pence {
  return itemsPence > FREE_SHIPPING_ABOVE ? 0 : SHIPPING_COST;
}

/**
 * The VAT inside a VAT-inclusive amount: at 20%, one sixth of it (rate / (100 + rate)), to the
 * nearest penny with halves rounded up. Integer arithmetic, so no float can tip a half.
 */
export function vatIncluded(grossPence: Pence): Pence {
  const divisor = 100 + VAT_RATE_PERCENT;
  return Math.floor((grossPence * VAT_RATE_PERCENT * 2 + divisor) / (divisor * 2));
}

/**
 * The one pricing rule of the shop, used by the basket, the checkout page and the server. Gift
 * wrap and delivery (the chosen service's price for this basket, which the server works out from
 * the settings) are added after the voucher, which takes off no more than the items.
 */
export function priceOrder(
  lines: readonly PricedLine[],
  voucherPence: Pence = 0,
  giftWrapPence: Pence = 0,
  deliveryPence?: Pence,
): OrderPrice {
  const itemsPence = itemsTotal(lines);
  const shippingPence = lines.length === 0 ? 0 : (deliveryPence ?? shippingFor(itemsPence));
  const voucherDiscountPence = Math.min(Math.max(voucherPence, 0), itemsPence);
  const wrapPence = lines.length === 0 ? 0 : Math.max(giftWrapPence, 0);
  const totalPence = itemsPence + shippingPence + wrapPence - voucherDiscountPence;
  return {
    itemsPence,
    shippingPence,
    giftWrapPence: wrapPence,
    taxPence: vatIncluded(totalPence),
    voucherDiscountPence,
    totalPence,
  };
}

/** How much more a shopper must spend for free delivery; 0 once it is free. */
export function shortfallForFreeShipping(itemsPence: Pence): Pence {
  return itemsPence > FREE_SHIPPING_ABOVE ? 0 : FREE_SHIPPING_ABOVE + 1 - itemsPence;
}
