import type { Quote, QuoteBody } from '../../shared/orders';
import type { UserAccount } from '../accounts/user-account';
import { customerKeyOf, type Buyer } from './buyer';
import type { OrdersContext } from './orders-context';
import { presentQuote, priceBasket, type PricedBasket } from './order-pricing';

/**
 * The basket as the database prices it now, with no side effects; for a signed-in customer, a
 * voucher they may use only once is checked against their earlier orders too. A voucher code that
 * does not exist counts against the caller's voucher look-ups.
 */
export async function quoteBasket(
  context: OrdersContext,
  body: QuoteBody,
  address: string,
  customer?: Pick<UserAccount, 'id'>,
): Promise<Quote> {
  const basket = await context.voucherGuesses.pricing(
    { address, userId: customer?.id },
    body.voucher,
    () =>
      priceBasket(context.database.db, body, {
        customerKey: customer?.id,
        giftWrapPence: context.giftWrapPence,
      }),
  );
  return presentQuote(basket);
}

/** The basket priced for its buyer, as paying and ordering price it. */
export function priceFor(
  context: OrdersContext,
  buyer: Buyer,
  body: QuoteBody,
  address: string,
): Promise<PricedBasket> {
  return context.voucherGuesses.pricing({ address, userId: buyer.user?.id }, body.voucher, () =>
    priceBasket(context.database.db, body, {
      customerKey: customerKeyOf(buyer),
      giftWrapPence: context.giftWrapPence,
    }),
  );
}
