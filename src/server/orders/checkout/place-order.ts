import type { Order } from '../../../shared/orders/orders';
import type { OrderBody } from '../../../shared/orders/checkout';
import { isDatabaseUnreachable } from '../../db/unreachable';
import { ShopError } from '../../http/errors';
import {
  findPayment,
  holdForOrder,
  markCaptured,
  type Payment,
} from '../../payments/ledger.service';
import type { Authentication } from '../../payments/payment-provider';
import { giveBackPayment } from '../../payments/refunds.service';
import { judgeAuthentication, NOT_AUTHENTICATED } from '../../payments/three-d-secure';
import { basketHash } from './basket-hash';
import type { Buyer } from './buyer';
import { askProvider, paymentClosed, refundedRefusal } from './checkout-refusals';
import type { OrdersContext } from '../orders-context';
import { presentOne, presentOneToKeyHolder, presentOrder } from '../order-view';
import { findOrderByPayment, type StoredOrder } from '../orders.repository';
import { priceFor } from './quote';
import { payableOf, type PricedBasket } from './order-pricing';
import { formatPence } from '../../../shared/money';
import { refuseWhilePaused } from '../../delivery/delivery-options';
import { addressForDelivery } from './delivery-address';
import { NotFulfilled, storeOrder } from './store-order';
import { refuseWithoutTerms } from './personalised-lines';

type Placed = { order: Order; created: boolean };

/** Whether the buyer opened this payment: their account's, or a guest's with the same email. */
const openedBy = (payment: Payment | undefined, { user, email }: Buyer) =>
  payment !== undefined &&
  (user ? payment.userId === user.id : payment.userId === null && payment.guestEmail === email);

/**
 * The same payment sent again answers the order it already made, to its buyer only; to a guest
 * as their link shows it (the key is not kept, so the link is in their confirmation mail only).
 */
async function sameOrderAgain(
  context: OrdersContext,
  existing: StoredOrder,
  { user, email }: Buyer,
): Promise<Placed> {
  const theirs = user
    ? existing.userId === user.id
    : existing.guestKeyHash !== null && existing.userEmail === email;
  if (!theirs) {
    throw new ShopError(
      'PAYMENT_USED_BY_ANOTHER',
      'That payment has already been used for another order',
    );
  }
  const order = user
    ? await presentOne(context, existing)
    : await presentOneToKeyHolder(context, existing);
  return { order, created: false };
}

const notCompleted = () =>
  new ShopError(
    'PAYMENT_NOT_COMPLETED',
    'Your payment has not gone through yet, so no order was made. Please try again.',
  );

/**
 * A card or wallet payment is read before it is captured, and taken only as its 3-D Secure result
 * allows (PayPal's table, see three-d-secure.ts): otherwise nothing is captured, and the shopper
 * may try another card or way to pay on the same payment. Answers the result, for the order.
 */
async function readBeforeCapture(
  context: OrdersContext,
  payment: Payment,
): Promise<Authentication | undefined> {
  if (payment.method === 'paypal') return undefined;
  const source = await askProvider(() => context.payments.readSource(payment.id));
  if (!source) throw notCompleted();
  const verdict = judgeAuthentication(source, context.paymentSettings);
  if (verdict.take) return source.authentication;
  context.log.warn(
    { paymentId: payment.id, method: source.method, authentication: source.authentication },
    'a payment was not captured: 3-D Secure did not allow it',
  );
  throw new ShopError('PAYMENT_NOT_AUTHENTICATED', NOT_AUTHENTICATED[verdict.why]);
}

/**
 * Stores a captured payment's order, and once more if the database connection dropped under it:
 * the first attempt's transaction was undone (or, if it was kept after all, the second finds the
 * payment's order there and stops on it), and a capture is refunded only when storing fails again.
 */
async function storeRetryingOnce<T>(context: OrdersContext, store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    context.log.warn(
      { err: error },
      'the database dropped an order being stored: trying once more',
    );
    return store();
  }
}

const cardsShort = (basket: PricedBasket) =>
  new ShopError(
    'GIFT_CARD_SPENT',
    `Your gift cards now pay ${formatPence(basket.giftCards.pence)} of your ${formatPence(basket.price.totalPence)} order: please check their balance and pay the rest`,
  );

/**
 * Makes the order the gift cards given pay in full, with no payment: priced from the database
 * as any order, and refused (409 GIFT_CARD_SPENT) when they no longer cover it.
 */
async function placePaidByGiftCards(
  context: OrdersContext,
  buyer: Buyer,
  body: OrderBody,
  address: string,
): Promise<Placed> {
  refuseWhilePaused(context.delivery.holiday, new Date());
  const basket = await priceFor(context, buyer, body, address);
  addressForDelivery(body.shippingAddress, basket.delivery);
  refuseWithoutTerms(basket.lines, body.personalisationTerms);
  if (body.giftCards.length === 0 || payableOf(basket) > 0) throw cardsShort(basket);
  try {
    const { stored, links } = await storeOrder(context, { buyer, body, basket, capture: null });
    return { order: { ...presentOrder(stored, []), ...links }, created: true };
  } catch (error) {
    throw error instanceof NotFulfilled ? error.refusal : error;
  }
}

/**
 * Captures an approved payment and makes its order, once. A card or wallet payment is captured
 * only as its 3-D Secure result allows. Every price comes from the database;
 * the capture must have completed in GBP for exactly the total computed now. A payment the
 * ledger has closed never makes an order. Whatever fails after the capture, the capture is given
 * back before the answer (or, when the database is away, found and given back by the reconciler).
 */
export async function placeOrder(
  context: OrdersContext,
  buyer: Buyer,
  body: OrderBody,
  address: string,
): Promise<Placed> {
  if (body.paymentResult === null) return placePaidByGiftCards(context, buyer, body, address);
  const { db } = context.database;
  const paymentId = body.paymentResult.id;
  const existing = await findOrderByPayment(db, paymentId);
  if (existing) return sameOrderAgain(context, existing, buyer);
  const payment = await findPayment(db, paymentId);
  if (!payment || !openedBy(payment, buyer)) {
    throw new ShopError('PAYMENT_NOT_FOUND', 'That payment could not be found');
  }
  // A closed payment answers the order it made, if a duplicate request just made it, and nothing else.
  const closed = async () => {
    const twin = await findOrderByPayment(db, paymentId);
    if (twin) return sameOrderAgain(context, twin, buyer);
    throw paymentClosed();
  };
  if (payment.status !== 'opened' && payment.status !== 'captured') return closed();
  if (payment.basketHash !== null && payment.basketHash !== basketHash(body)) {
    throw new ShopError(
      'PAYMENT_BASKET_CHANGED',
      'Your basket has changed since you started paying, so nothing was taken. Please check your basket and pay again.',
    );
  }

  const basket = await priceFor(context, buyer, body, address);
  addressForDelivery(body.shippingAddress, basket.delivery);
  refuseWithoutTerms(basket.lines, body.personalisationTerms);
  // The reconciler leaves the payment alone while it is captured and its order recorded.
  await holdForOrder(db, paymentId);
  const authentication = await readBeforeCapture(context, payment);
  const captured = await askProvider(() => context.payments.capturePayment(paymentId));
  // The result read before is kept when the capture's answer does not repeat it.
  const capture = {
    ...captured,
    source: {
      ...captured.source,
      authentication: captured.source.authentication ?? authentication,
    },
  };
  if (capture.orderStatus !== 'COMPLETED' || capture.captureStatus !== 'COMPLETED') {
    throw notCompleted();
  }
  if (!(await markCaptured(db, paymentId, capture))) return closed();

  /** No order from this capture: it is given back, unless a duplicate request made the order. */
  const refuse = async (refusal: ShopError, reason = refusal.message) => {
    const captured = {
      id: paymentId,
      captureId: capture.captureId,
      amountPence: capture.amountPence,
    };
    const refund = await giveBackPayment(context, captured, reason);
    if (!refund) return closed();
    throw refundedRefusal(refusal, refund.status === 'succeeded');
  };
  const cardPart = basket.price.totalPence - capture.amountPence;
  if (
    capture.currency === 'GBP' &&
    body.giftCards.length > 0 &&
    cardPart > basket.giftCards.pence
  ) {
    return refuse(cardsShort(basket), 'the gift cards no longer covered their part');
  }
  if (capture.currency !== 'GBP' || capture.amountPence !== payableOf(basket)) {
    return refuse(
      new ShopError(
        'PAYMENT_MISMATCH',
        'The payment did not match your order total. Please check out again.',
      ),
      'the payment did not match the order total',
    );
  }

  try {
    const { stored, links } = await storeRetryingOnce(context, () =>
      storeOrder(context, { buyer, body, basket, capture }),
    );
    return { order: { ...presentOrder(stored, []), ...links }, created: true };
  } catch (error) {
    const twin = await findOrderByPayment(db, paymentId);
    if (twin) return sameOrderAgain(context, twin, buyer);
    if (error instanceof NotFulfilled) return refuse(error.refusal);
    context.log.error({ err: error, paymentId }, 'an order could not be stored after capture');
    return refuse(new ShopError('ORDER_NOT_RECORDED', 'Sorry, we could not record your order.'));
  }
}
