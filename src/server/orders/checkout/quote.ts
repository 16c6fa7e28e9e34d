import type { Quote, QuoteBody } from '../../../shared/orders/checkout';
import type { UserAccount } from '../../accounts/user-account';
import { customerKeyOf, type Buyer } from './buyer';
import type { OrdersContext } from '../orders-context';
import { presentQuote, priceBasket, type PricedBasket } from './order-pricing';

/**
 * Prices the basket for whoever asks: `userId` counts their voucher look-ups as well as their
 * address's; `customerKey` is whose once-per-customer vouchers are checked (see customerKeyOf).
 */
function pricedFor(
  context: OrdersContext,
  body: QuoteBody,
  address: string,
  { userId, customerKey }: { userId: string | undefined; customerKey: string | undefined },
): Promise<PricedBasket> {
  return context.voucherGuesses.pricing({ address, userId }, body.voucher, () =>
    priceBasket(context.database.db, body, {
      customerKey,
      giftWrapPence: context.giftWrapPence,
      delivery: context.delivery,
      at: new Date(),
    }),
  );
}

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
  const who = { userId: customer?.id, customerKey: customer?.id };
  return presentQuote(await pricedFor(context, body, address, who));
}

/** The basket priced for its buyer, as paying and ordering price it. */
export function priceFor(
  context: OrdersContext,
  buyer: Buyer,
  body: QuoteBody,
  address: string,
): Promise<PricedBasket> {
  const who = { userId: buyer.user?.id, customerKey: customerKeyOf(buyer) };
  return pricedFor(context, body, address, who);
}
