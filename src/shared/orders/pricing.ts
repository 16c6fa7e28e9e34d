import type { Pence } from '../money';

/**
 * The one delivery price of the shop before the owner set services: still read by the header's
 * strip and the information pages until they say what the settings say; priced by nothing.
 */
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
  /** What the voucher's code took off. */
  voucherDiscountPence: Pence;
  /** What automatic promotions took off. */
  promotionDiscountPence: Pence;
  totalPence: Pence;
}

export function itemsTotal(lines: readonly PricedLine[]): Pence {
  return lines.reduce((sum, line) => sum + line.pricePence * line.qty, 0);
}

/**
 * The VAT inside a VAT-inclusive amount: at 20%, one sixth of it (rate / (100 + rate)), to the
 * nearest penny with halves rounded up. Integer arithmetic, so no float can tip a half.
 */
export function vatIncluded(grossPence: Pence): Pence {
  const divisor = 100 + VAT_RATE_PERCENT;
  return Math.floor((grossPence * VAT_RATE_PERCENT * 2 + divisor) / (divisor * 2));
}

export interface OrderExtras {
  /** The chosen delivery service's price for this basket, as the settings make it. */
  deliveryPence: Pence;
  /** What the voucher takes off the items and the delivery. */
  voucherPence?: Pence;
  /** What promotions take off the items and the delivery. */
  promotionPence?: Pence;
  giftWrapPence?: Pence;
}

/**
 * The one pricing rule of the shop, used by the basket, the checkout page and the server: the
 * items, the delivery (the chosen service's price for this basket, which the server works out
 * from the settings) and gift wrap, less the voucher and then the promotions, which take off no
 * more than the items and the delivery come to: the total is never below £0.00.
 */
export function priceOrder(
  lines: readonly PricedLine[],
  { deliveryPence, voucherPence = 0, promotionPence = 0, giftWrapPence = 0 }: OrderExtras,
): OrderPrice {
  const itemsPence = itemsTotal(lines);
  const shippingPence = lines.length === 0 ? 0 : Math.max(deliveryPence, 0);
  const discountable = itemsPence + shippingPence;
  const voucherDiscountPence = Math.min(Math.max(voucherPence, 0), discountable);
  const promotionDiscountPence = Math.min(
    Math.max(promotionPence, 0),
    discountable - voucherDiscountPence,
  );
  const wrapPence = lines.length === 0 ? 0 : Math.max(giftWrapPence, 0);
  const totalPence =
    itemsPence + shippingPence + wrapPence - voucherDiscountPence - promotionDiscountPence;
  return {
    itemsPence,
    shippingPence,
    giftWrapPence: wrapPence,
    taxPence: vatIncluded(totalPence),
    voucherDiscountPence,
    promotionDiscountPence,
    totalPence,
  };
}

/**
 * How much more a shopper must spend for a service to cost nothing: 0 once it does, or when it
 * is never free (`freeOverPence` null). The threshold counts the items after discounts, and is
 * reached at exactly its value.
 */
export function shortfallForFreeDelivery(
  discountedItemsPence: Pence,
  freeOverPence: Pence | null,
): Pence {
  return freeOverPence === null ? 0 : Math.max(freeOverPence - discountedItemsPence, 0);
}
