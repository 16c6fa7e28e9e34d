import { penceToPounds } from '../../shared/money';
import type { PaymentBody } from '../../shared/orders';
import type { UserAccount } from '../accounts/user-account';
import { newId } from '../db/ids';
import { ShopError } from '../http/errors';
import { insertPayment } from '../payments/ledger.service';
import { askProvider } from './checkout-refusals';
import type { OrdersContext } from './orders-context';
import { lineName, presentQuote } from './order-pricing';
import { priceFor } from './quote';

/**
 * Opens a payment with the provider for the basket as the database prices it now, and keeps it in
 * the ledger. When the shopper was shown another total, nothing is opened and the new figures are
 * answered.
 */
export async function openPayment(
  context: OrdersContext,
  user: UserAccount,
  body: PaymentBody,
  address: string,
): Promise<{ id: string; totalPrice: number }> {
  const basket = await priceFor(context, user, body, address);
  const { lines, price } = basket;
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
  const { id } = await askProvider(() =>
    context.payments.createPayment({
      reference: newId(),
      itemsPence: price.itemsPence,
      shippingPence: price.shippingPence,
      discountPence: price.voucherDiscountPence,
      totalPence: price.totalPence,
      items: lines.map((line) => ({
        name: lineName(line),
        qty: line.qty,
        unitPence: line.pricePence,
      })),
    }),
  );
  await insertPayment(context.database.db, { id, userId: user.id, totalPence: price.totalPence });
  return { id, totalPrice: penceToPounds(price.totalPence) };
}
