import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_PAGE_SIZE, type AdminOrderPage } from '../../shared/admin';
import { penceToPounds } from '../../shared/money';
import { PAYMENT_METHOD } from '../../shared/shop';
import type { Order, OrderBody, PaymentBody, Quote, QuoteBody } from '../../shared/orders';
import type { ShopIdentity } from '../../shared/api';
import type { UserAccount } from '../accounts/user-account';
import { takeStock } from '../catalog/stock.service';
import type { ShopDatabase } from '../db/database';
import type { Db } from '../db/schema';
import { newId } from '../db/ids';
import { nowIso } from '../db/timestamps';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import type { Mailer } from '../mail/mail-sender';
import type { Mail } from '../mail/mailer';
import {
  holdForOrder,
  markFulfilled,
  noteCapture,
  paymentById,
  recordOpenedPayment,
  refundsPaid,
  type Refund,
} from '../payments/ledger.service';
import { PaymentFailed, type Capture, type PaymentProvider } from '../payments/payment-provider';
import { refundUnfulfilledPayment, type RefundsContext } from '../payments/refunds.service';
import type { StockAlertsContext } from '../stock-alerts/stock-alerts.service';
import type { VoucherGuesses } from '../vouchers/voucher-guesses';
import { redeemVoucher } from '../vouchers/vouchers.service';
import { orderConfirmationMail } from './order-mails';
import {
  lineName,
  presentQuote,
  priceBasket,
  type PricedBasket,
  type PricedLine,
} from './order-pricing';
import {
  addOrderEvent,
  findOrder,
  findOrderByPayment,
  insertOrder,
  listOrderSlice,
  listOrdersOf,
  orderEvents,
  type StoredOrder,
} from './orders.repository';

export interface OrdersContext {
  database: ShopDatabase;
  payments: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  trader: ShopIdentity;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Told when a cancellation or a refund puts something back in stock. */
  alerts: StockAlertsContext;
  /** Counts voucher codes that do not exist, so that codes cannot be found by trying them. */
  voucherGuesses: VoucherGuesses;
}

export const refundsContextOf = ({ database, payments, log }: OrdersContext): RefundsContext => ({
  db: database.db,
  payments,
  log,
});

export const orderNotFound = () => new ShopError('ORDER_NOT_FOUND', 'Order not found');

/** The order as the API answers it; `events` only for admins. */
export function presentOrder(
  order: StoredOrder,
  refunds: Refund[],
  events?: Awaited<ReturnType<typeof orderEvents>>,
): Order {
  const refunded = refunds.filter((refund) => refund.status === 'succeeded');
  return {
    _id: order.id,
    user: { _id: order.userId, name: order.userName },
    orderItems: order.items.map((item) => ({
      name: item.name,
      brand: item.brand,
      image: item.image,
      product: item.productId,
      variant: item.variantId,
      variantLabel: item.variantLabel,
      qty: item.qty,
      price: penceToPounds(item.pricePence),
    })),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    itemsPrice: penceToPounds(order.itemsPence),
    shippingPrice: penceToPounds(order.shippingPence),
    taxPrice: penceToPounds(order.taxPence),
    totalPrice: penceToPounds(order.totalPence),
    voucher: order.voucherName,
    voucherDiscount: penceToPounds(order.voucherDiscountPence),
    notes: order.notes,
    isPaid: order.paidAt !== null,
    paidAt: order.paidAt,
    isDispatched: order.dispatchedAt !== null,
    dispatchedAt: order.dispatchedAt,
    isDelivered: order.deliveredAt !== null,
    deliveredAt: order.deliveredAt,
    createdAt: order.createdAt,
    paymentResult: {
      id: order.paymentId,
      status: order.paymentStatus,
      update_time: order.paymentUpdateTime,
      email_address: order.payerEmail,
    },
    status: order.status,
    refunds: refunded.map((refund) => ({
      _id: refund.id,
      amount: penceToPounds(refund.amountPence),
      reason: refund.reason,
      createdAt: refund.updatedAt,
    })),
    refundedTotal: penceToPounds(refunded.reduce((sum, refund) => sum + refund.amountPence, 0)),
    tracking: order.tracking,
    returnRequest: order.returnRequest,
    ...(events ? { events } : {}),
  };
}

/**
 * Stores the mails a change to an order causes in the change's own transaction, written from the
 * order as it stands within it: the change and its mails are kept together or not at all. The
 * caller asks the mailer to deliver once the transaction has committed.
 */
export async function queueOrderMails(
  { mailer }: Pick<OrdersContext, 'mailer'>,
  trx: Db,
  orderId: string,
  mails: (order: Order, stored: StoredOrder) => Mail[],
): Promise<void> {
  const stored = await findOrder(trx, orderId);
  if (!stored) throw new Error(`order ${orderId} is not there within its own transaction`);
  const order = presentOrder(stored, await refundsPaid(trx, [orderId]));
  for (const mail of mails(order, stored)) await mailer.queue(mail, trx);
}

/** Orders with their refunds, as lists answer them. */
async function presentOrders({ database }: OrdersContext, orders: StoredOrder[]) {
  const refunds = await refundsPaid(
    database.db,
    orders.map((order) => order.id),
  );
  return orders.map((order) =>
    presentOrder(
      order,
      refunds.filter((refund) => refund.orderId === order.id),
    ),
  );
}

/** One order as its owner sees it, or with its history for an admin. */
export async function presentOne(
  context: OrdersContext,
  order: StoredOrder,
  viewer?: Pick<UserAccount, 'role'>,
): Promise<Order> {
  const { db } = context.database;
  const refunds = await refundsPaid(db, [order.id]);
  const events = viewer?.role === 'admin' ? await orderEvents(db, order.id) : undefined;
  return presentOrder(order, refunds, events);
}

export async function loadOrder({ database }: OrdersContext, id: string): Promise<StoredOrder> {
  const order = await findOrder(database.db, id);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * The basket as the database prices it now, with no side effects; for a signed-in customer, a
 * voucher they may use only once is checked against their earlier orders too.
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
    () => priceBasket(context.database.db, body, customer && { userId: customer.id }),
  );
  return presentQuote(basket);
}

/** The basket priced for a signed-in customer, its voucher code counted if it does not exist. */
const priceFor = (context: OrdersContext, user: UserAccount, body: QuoteBody, address: string) =>
  context.voucherGuesses.pricing({ address, userId: user.id }, body.voucher, () =>
    priceBasket(context.database.db, body, { userId: user.id }),
  );

/**
 * Opens a payment with the provider for the basket as the database prices it now. When the
 * shopper was shown another total, nothing is opened and the new figures are answered.
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
  await recordOpenedPayment(context.database.db, {
    id,
    userId: user.id,
    totalPence: price.totalPence,
  });
  return { id, totalPrice: penceToPounds(price.totalPence) };
}

/** A provider's refusal becomes a 402 in the provider's plain words. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentFailed) {
      // Declined: the shopper may pay another way. Otherwise the payment did not go through.
      const code = error.canRetry ? 'PAYMENT_DECLINED' : 'PAYMENT_NOT_COMPLETED';
      throw new ShopError(code, error.message);
    }
    throw error;
  }
}

/** Why an order could not be stored after its payment was captured; the capture is refunded. */
class NotFulfilled extends Error {
  constructor(readonly refusal: ShopError) {
    super(refusal.message);
  }
}

const soldOut = (line: PricedLine) =>
  new NotFulfilled(
    new ShopError('INSUFFICIENT_STOCK', `Sorry, ${lineName(line)} sold out while you were paying.`),
  );

const paymentClosed = () =>
  new ShopError(
    'PAYMENT_CLOSED',
    'That payment has already been closed (refunded or used), so it cannot make an order. Please check out again.',
  );

/** The same payment sent again answers the order it already made, to its owner only. */
async function sameOrderAgain(context: OrdersContext, existing: StoredOrder, user: UserAccount) {
  if (existing.userId !== user.id) {
    throw new ShopError(
      'PAYMENT_USED_BY_ANOTHER',
      'That payment has already been used for another order',
    );
  }
  return { order: await presentOne(context, existing), created: false };
}

function newOrderOf(
  user: UserAccount,
  body: OrderBody,
  basket: PricedBasket,
  capture: Capture,
): Parameters<typeof insertOrder>[1] {
  const now = nowIso();
  const { price, voucher } = basket;
  return {
    id: newId(),
    userId: user.id,
    userName: user.name || user.email,
    userEmail: user.email,
    shippingAddress: body.shippingAddress,
    paymentMethod: PAYMENT_METHOD,
    itemsPence: price.itemsPence,
    shippingPence: price.shippingPence,
    taxPence: price.taxPence,
    voucherName: voucher?.name ?? null,
    voucherCode: voucher?.code ?? null,
    voucherDiscountPence: price.voucherDiscountPence,
    totalPence: price.totalPence,
    notes: body.notes,
    paymentId: body.paymentResult.id,
    captureId: capture.captureId,
    paymentStatus: capture.captureStatus,
    payerEmail: capture.payerEmail,
    paymentUpdateTime: capture.updateTime,
    paidAt: now,
    createdAt: now,
    items: basket.lines.map(({ product, variant, label, pricePence, qty }) => ({
      productId: product.id,
      variantId: variant?.id ?? null,
      variantLabel: label,
      name: product.name,
      brand: product.brand,
      image: product.image,
      pricePence,
      qty,
    })),
  };
}

/**
 * Stores the order, takes its stock, counts its voucher and closes its payment, as one unit. The
 * order goes in first: a twin request with the same payment stops there, on the unique payment
 * id, before it touches the stock.
 */
async function storeOrder(
  context: OrdersContext,
  user: UserAccount,
  body: OrderBody,
  basket: PricedBasket,
  capture: Capture,
): Promise<string> {
  const order = newOrderOf(user, body, basket, capture);
  await context.database.db.transaction().execute(async (trx) => {
    await insertOrder(trx, order);
    for (const line of basket.lines) {
      const taken = await takeStock(trx, {
        productId: line.product.id,
        variantId: line.variant?.id ?? null,
        qty: line.qty,
      });
      if (!taken) throw soldOut(line);
    }
    if (basket.voucher) {
      await redeemVoucher(trx, basket.voucher, { orderId: order.id, userId: user.id }).catch(
        (error: unknown) => {
          throw error instanceof ShopError ? new NotFulfilled(error) : error;
        },
      );
    }
    if (!(await markFulfilled(trx, order.paymentId))) {
      throw new NotFulfilled(paymentClosed());
    }
    await addOrderEvent(trx, order.id, {
      type: 'placed',
      at: order.createdAt,
      by: order.userName,
      detail: null,
    });
    // The confirmation is stored with the order, so no crash can leave an order without it.
    await queueOrderMails(context, trx, order.id, (placed) => [
      orderConfirmationMail(user.email, placed, context),
    ]);
  });
  context.mailer.deliverDue();
  return order.id;
}

/** A refusal after the capture, saying where the shopper's money is. */
function refundedRefusal(refusal: ShopError, refunded: boolean): ShopError {
  if (refusal.code === 'PAYMENT_CLOSED') return refusal;
  const money = refunded
    ? 'Your payment has been refunded and no order was made.'
    : 'No order was made, and your refund is being arranged: we will be in touch.';
  return new ShopError(refusal.code, `${refusal.message} ${money}`);
}

/**
 * Captures an approved payment and makes its order, once. Every price comes from the database;
 * the capture must have completed in GBP for exactly the total computed now. A payment the
 * ledger has closed never makes an order. Whatever fails after the capture, the capture is
 * refunded before the answer.
 */
export async function placeOrder(
  context: OrdersContext,
  user: UserAccount,
  body: OrderBody,
  address: string,
): Promise<{ order: Order; created: boolean }> {
  const { db } = context.database;
  const paymentId = body.paymentResult.id;
  const existing = await findOrderByPayment(db, paymentId);
  if (existing) return sameOrderAgain(context, existing, user);
  const payment = await paymentById(db, paymentId);
  if (payment?.userId !== user.id) {
    throw new ShopError('PAYMENT_NOT_FOUND', 'That payment could not be found');
  }
  // A closed payment answers the order it made, if a twin request just made it, and nothing else.
  const closed = async () => {
    const twin = await findOrderByPayment(db, paymentId);
    if (twin) return sameOrderAgain(context, twin, user);
    throw paymentClosed();
  };
  if (payment.status !== 'opened' && payment.status !== 'captured') return closed();

  const basket = await priceFor(context, user, body, address);
  // The reconciler leaves the payment alone while it is captured and its order recorded.
  await holdForOrder(db, paymentId);
  const capture = await askProvider(() => context.payments.capturePayment(paymentId));
  if (capture.orderStatus !== 'COMPLETED' || capture.captureStatus !== 'COMPLETED') {
    throw new ShopError(
      'PAYMENT_NOT_COMPLETED',
      'Your payment has not gone through yet, so no order was made. Please try again.',
    );
  }
  if (!(await noteCapture(db, paymentId, capture))) return closed();
  const captured = {
    id: paymentId,
    captureId: capture.captureId,
    amountPence: capture.amountPence,
  };
  /** No order from this capture: it is given back, unless a duplicate request made the order. */
  const refuse = async (refusal: ShopError, reason = refusal.message) => {
    const refund = await refundUnfulfilledPayment(refundsContextOf(context), captured, reason);
    if (!refund) return closed();
    throw refundedRefusal(refusal, refund.status === 'succeeded');
  };
  if (capture.currency !== 'GBP' || capture.amountPence !== basket.price.totalPence) {
    return refuse(
      new ShopError(
        'PAYMENT_MISMATCH',
        'The payment did not match your order total. Please check out again.',
      ),
      'the payment did not match the order total',
    );
  }

  let orderId: string;
  try {
    orderId = await storeOrder(context, user, body, basket, capture);
  } catch (error) {
    const twin = await findOrderByPayment(db, paymentId);
    if (twin) return sameOrderAgain(context, twin, user);
    const refusal =
      error instanceof NotFulfilled
        ? error.refusal
        : new ShopError('ORDER_NOT_RECORDED', 'Sorry, we could not record your order.');
    if (!(error instanceof NotFulfilled)) {
      context.log.error({ err: error, paymentId }, 'an order could not be stored after capture');
    }
    return refuse(refusal);
  }
  const order = await presentOne(context, await loadOrder(context, orderId));
  return { order, created: true };
}

export async function ordersOf(context: OrdersContext, user: UserAccount): Promise<Order[]> {
  return presentOrders(context, await listOrdersOf(context.database.db, user.id));
}

/** One page of every order in the shop, newest first: the admin's list. */
export async function orderPage(
  context: OrdersContext,
  pageNumber: number,
): Promise<AdminOrderPage> {
  const { orders, total } = await listOrderSlice(context.database.db, {
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  return {
    orders: await presentOrders(context, orders),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

/** An order its owner or an admin may see; to anyone else it does not exist. */
export async function ownOrder(
  context: OrdersContext,
  user: UserAccount,
  id: string,
): Promise<StoredOrder> {
  const order = await loadOrder(context, id);
  if (order.userId !== user.id && user.role !== 'admin') throw orderNotFound();
  return order;
}

export async function orderFor(context: OrdersContext, user: UserAccount, id: string) {
  return presentOne(context, await ownOrder(context, user, id), user);
}
