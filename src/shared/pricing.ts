import type { Pence } from './money';

export const FREE_SHIPPING_ABOVE: Pence = 5999;
export const SHIPPING_COST: Pence = 499;
export const VAT_RATE_PERCENT = 20;

export interface PricedLine {
  pricePence: Pence;
  qty: number;
}

export interface OrderPrice {
  itemsPence: Pence;
  shippingPence: Pence;
  /** VAT already included in the items price; shown, never added. */
  taxPence: Pence;
  voucherDiscountPence: Pence;
  totalPence: Pence;
}

export function itemsTotal(lines: readonly PricedLine[]): Pence {
  return lines.reduce((sum, line) => sum + line.pricePence * line.qty, 0);
}

export function shippingFor(itemsPence: Pence): Pence {
  return itemsPence > FREE_SHIPPING_ABOVE ? 0 : SHIPPING_COST;
}

/** 20% of the items price, to the nearest penny with halves rounded up. */
export function vatIncluded(itemsPence: Pence): Pence {
  return Math.floor((itemsPence * VAT_RATE_PERCENT + 50) / 100);
}

/** The one pricing rule of the shop, used by the basket, the checkout page and the server. */
export function priceOrder(lines: readonly PricedLine[], voucherPence: Pence = 0): OrderPrice {
  const itemsPence = itemsTotal(lines);
  const shippingPence = lines.length === 0 ? 0 : shippingFor(itemsPence);
  const voucherDiscountPence = Math.min(Math.max(voucherPence, 0), itemsPence);
  return {
    itemsPence,
    shippingPence,
    taxPence: vatIncluded(itemsPence),
    voucherDiscountPence,
    totalPence: itemsPence + shippingPence - voucherDiscountPence,
  };
}

/** How much more a shopper must spend for free delivery; 0 once it is free. */
export function shortfallForFreeShipping(itemsPence: Pence): Pence {
  return itemsPence > FREE_SHIPPING_ABOVE ? 0 : FREE_SHIPPING_ABOVE + 1 - itemsPence;
}
