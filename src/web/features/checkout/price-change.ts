import type { BasketItem } from '../../../shared/orders/basket-item';
import { formatPence, poundsToPence, type Pence } from '../../../shared/money';
import type { Quote } from '../../../shared/orders/checkout';
import { priceOrder } from '../../../shared/orders/pricing';

/** The total moved from what the shopper saw to what the shop charges now. */
export interface PriceChange {
  wasPence: Pence;
  nowPence: Pence;
  /** Found when paying (so the shopper must pay again), or on arriving from the basket. */
  found: 'paying' | 'arriving';
}

export function priceChangeNotice({ wasPence, nowPence, found }: PriceChange): string {
  const change = `Prices have changed since you added these items: the total is now ${formatPence(nowPence)} (was ${formatPence(wasPence)}).`;
  return `${change} ${found === 'paying' ? 'Please check and pay again.' : 'Please check them before you pay.'}`;
}

/**
 * The change between the prices the basket kept when each item was added and the shop's quote,
 * or null when the quote charges what the basket said.
 */
export function changeSinceBasket(items: readonly BasketItem[], quote: Quote): PriceChange | null {
  const repriced = quote.lines.some((line) => {
    const item = items.find((candidate) => candidate.product === line.product);
    return item !== undefined && poundsToPence(item.price) !== poundsToPence(line.price);
  });
  if (!repriced) return null;
  // The delivery chosen is priced as the shop prices it now: the change told is the items'.
  const basket = priceOrder(
    items.map((item) => ({ pricePence: poundsToPence(item.price), qty: item.qty })),
    {
      deliveryPence: poundsToPence(quote.shippingPrice),
      voucherPence: poundsToPence(quote.voucherDiscount),
    },
  );
  const nowPence = poundsToPence(quote.totalPrice);
  return basket.totalPence === nowPence
    ? null
    : { wasPence: basket.totalPence, nowPence, found: 'arriving' };
}
