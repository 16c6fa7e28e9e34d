import type { PaymentAnswer } from '../../../shared/payments/payments';
import { penceToPounds } from '../../../shared/money';
import { isMethodOn } from '../../../shared/payments/payment-methods';
import type { PaymentBody } from '../../../shared/orders/checkout';
import { newId } from '../../sql/ids';
import { ShopError } from '../../http/errors';
import { insertPayment } from '../../payments/ledger.service';
import { basketHash } from './basket-hash';
import { countGuestPayment, type Buyer } from './buyer';
import { askProvider } from './checkout-refusals';
import type { OrdersContext } from '../orders-context';
import {
  GIFT_WRAP_LINE,
  lineName,
  payableOf,
  presentDiscount,
  presentQuote,
} from './order-pricing';
import { presentGiftCardPayment } from './gift-card-payments';
import { priceFor } from './quote';
import { refuseWithoutTerms } from './personalised-lines';
import { addressForDelivery } from './delivery-address';
import { refuseWhilePaused } from '../../delivery/delivery-options';

/**
 * Opens a payment with the provider for the basket as the database prices it now, and keeps it in
 * the ledger as the buyer's (a guest's with their email). When the shopper was shown another
 * total, nothing is opened and the new figures are answered. Guests open a limited number an hour
 * from one address. A way to pay the owner has turned off is refused (400 METHOD_OFF). While the
 * owner's holiday pauses checkout, nothing is opened (409 SHOP_PAUSED);
 * a delivery the basket may not use is refused, and an address that lacks what it needs, and a
 * personalised item without the buyer's tick that it cannot be returned for a change of mind. The
 * provider is asked for what the gift cards given leave to pay; when they pay it all, nothing is
 * opened (`id` null, `payable` 0) and the order is placed without a payment.
 */
export async function openPayment(
  context: OrdersContext,
  buyer: Buyer,
  body: PaymentBody,
  address: string,
): Promise<PaymentAnswer> {
  refuseWhilePaused(context.delivery.holiday, new Date());
  const { method = 'paypal' } = body;
  const { threeDS } = context.paymentSettings;
  if (!isMethodOn(context.paymentSettings, method)) {
    throw new ShopError(
      'METHOD_OFF',
      'The shop is not taking that way to pay just now. Please choose another.',
    );
  }
  await countGuestPayment(context, buyer, address);
  const basket = await priceFor(context, buyer, body, address);
  const { lines, price } = basket;
  refuseWithoutTerms(lines, body.personalisationTerms);
  addressForDelivery(body.shippingAddress, basket.delivery);
  if (
    body.expectedTotal !== undefined &&
    Math.round(body.expectedTotal * 100) !== price.totalPence
  ) {
    const quote = presentQuote(basket);
    throw new ShopError(
      'PRICE_CHANGED',
      `Prices have changed since you last looked: your order now comes to £${quote.totalPrice.toFixed(2)}. Please check it and pay again.`,
      undefined,
      { quote },
    );
  }
  const payablePence = payableOf(basket);
  const answer = {
    totalPrice: penceToPounds(price.totalPence),
    payable: penceToPounds(payablePence),
    giftCardPayments: basket.giftCards.payments.map(presentGiftCardPayment),
    deliveryOptions: basket.deliveryOptions,
    voucherDiscount: penceToPounds(price.voucherDiscountPence),
    promotionDiscount: penceToPounds(price.promotionDiscountPence),
    discounts: basket.discounts.map(presentDiscount),
  };
  if (payablePence === 0) return { id: null, ...answer };
  const { id } = await askProvider(() =>
    context.payments.createPayment({
      reference: newId(),
      method,
      threeDS,
      // Gift wrap is one more line the buyer sees on the provider's page.
      itemsPence: price.itemsPence + price.giftWrapPence,
      shippingPence: price.shippingPence,
      // What gift cards pay is shown to the buyer as taken off, as discounts are.
      discountPence:
        price.voucherDiscountPence + price.promotionDiscountPence + basket.giftCards.pence,
      totalPence: payablePence,
      items: [
        ...lines.map((line) => ({
          name: lineName(line),
          qty: line.qty,
          unitPence: line.pricePence,
        })),
        ...(price.giftWrapPence > 0
          ? [{ name: GIFT_WRAP_LINE, qty: 1, unitPence: price.giftWrapPence }]
          : []),
      ],
    }),
  );
  await insertPayment(context.database.db, {
    id,
    userId: buyer.user?.id ?? null,
    guestEmail: buyer.user ? null : buyer.email,
    totalPence: payablePence,
    basketHash: basketHash(body),
    method,
  });
  return { id, ...answer };
}
