import type { Quote, QuoteBody } from '../../../shared/orders/checkout';
import type { UserAccount } from '../../accounts/user-account';
import { customerKeyOf, type Buyer } from './buyer';
import type { OrdersContext } from '../orders-context';
import { isUnknownVoucher } from '../../vouchers/voucher-guesses';
import { ShopError } from '../../http/errors';
import { presentQuote, priceBasket, type PricedBasket } from './order-pricing';

/** Whether pricing failed on a code that names nothing: a voucher's or a gift card's. */
const isUnknownCode = (error: unknown) =>
  isUnknownVoucher(error) || (error instanceof ShopError && error.code === 'GIFT_CARD_NOT_FOUND');

/**
 * Prices the basket for whoever asks: `userId` counts their voucher look-ups as well as their
 * address's; `customerKey` is whose once-per-customer vouchers are checked (see customerKeyOf).
 * A voucher or gift card code is counted before it is looked up, so a burst sent at once gets no
 * more than the limit, and given back once it is found: only codes that do not exist stay counted
 * (a basket's codes count as one look-up, as the first unknown one stops its pricing).
 */
async function pricedFor(
  context: OrdersContext,
  body: QuoteBody,
  address: string,
  { userId, customerKey }: { userId: string | undefined; customerKey: string | undefined },
): Promise<PricedBasket> {
  const caller = { address, userId };
  const guessing = body.voucher !== undefined || body.giftCards.length > 0;
  if (guessing) await context.voucherGuesses.count(caller);
  const pricing = priceBasket(context.database.db, body, {
    customerKey,
    giftWrapPence: context.giftWrapPence,
    delivery: context.delivery,
    giftCardVat: context.giftCards.vat,
    at: new Date(),
  });
  if (!guessing) return pricing;
  try {
    const priced = await pricing;
    await context.voucherGuesses.found(caller);
    return priced;
  } catch (error) {
    if (!isUnknownCode(error)) await context.voucherGuesses.found(caller);
    throw error;
  }
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
