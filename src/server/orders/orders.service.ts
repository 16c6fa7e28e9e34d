import type { FastifyBaseLogger } from 'fastify';
import { penceToPounds } from '../../shared/money';
import { PAYMENT_METHOD, type Order, type OrderBody, type PaymentBody } from '../../shared/orders';
import type { UserRow } from '../accounts/users.repository';
import { takeFromStock } from '../catalog/catalog.repository';
import { isUniqueViolation } from '../db/constraint-errors';
import type { ShopDatabase } from '../db/database';
import { newId } from '../db/ids';
import { nowIso, toIsoString } from '../db/timestamps';
import { notFound, ShopError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { PaymentFailed, type Capture, type PaymentProvider } from '../payments/payment-provider';
import { orderConfirmationMail, orderDispatchedMail } from './order-mails';
import { priceBasket, type PricedBasket, type PricedLine } from './order-pricing';
import {
  findOrder,
  findOrderByPayment,
  findPayment,
  insertOrder,
  insertPayment,
  listOrders,
  markDelivered,
  markDispatched,
  type OrderWithItems,
} from './orders.repository';

export interface OrdersContext {
  database: ShopDatabase;
  payments: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

const timeOrNull = (value: string | Date | null) => (value === null ? null : toIsoString(value));

export function presentOrder({ order, items }: OrderWithItems): Order {
  return {
    _id: order.id,
    user: { _id: order.user_id, name: order.user_name },
    orderItems: items.map((item) => ({
      name: item.name,
      brand: item.brand,
      image: item.image,
      product: item.product_id,
      qty: item.qty,
      price: penceToPounds(item.price_pence),
    })),
    shippingAddress: {
      address: order.address,
      city: order.city,
      postalCode: order.postal_code,
      country: order.country,
    },
    paymentMethod: order.payment_method,
    itemsPrice: penceToPounds(order.items_pence),
    shippingPrice: penceToPounds(order.shipping_pence),
    taxPrice: penceToPounds(order.tax_pence),
    totalPrice: penceToPounds(order.total_pence),
    voucher: order.voucher_name,
    voucherDiscount: penceToPounds(order.voucher_discount_pence),
    notes: order.notes,
    isPaid: order.paid_at !== null,
    paidAt: timeOrNull(order.paid_at),
    isDispatched: order.dispatched_at !== null,
    dispatchedAt: timeOrNull(order.dispatched_at),
    isDelivered: order.delivered_at !== null,
    deliveredAt: timeOrNull(order.delivered_at),
    createdAt: toIsoString(order.created_at),
    paymentResult: {
      id: order.payment_id,
      status: order.payment_status,
      update_time: order.payment_update_time,
      email_address: order.payer_email,
    },
  };
}

/** Opens a payment with the provider for the basket as the database prices it now. */
export async function openPayment(
  context: OrdersContext,
  user: UserRow,
  body: PaymentBody,
): Promise<{ id: string; totalPrice: number }> {
  const { lines, price } = await priceBasket(context.database.db, body);
  const { id } = await askProvider(() =>
    context.payments.createPayment({
      reference: newId(),
      itemsPence: price.itemsPence,
      shippingPence: price.shippingPence,
      discountPence: price.voucherDiscountPence,
      totalPence: price.totalPence,
      items: lines.map(({ product, qty }) => ({
        name: product.name,
        qty,
        unitPence: product.pricePence,
      })),
    }),
  );
  await insertPayment(context.database.db, {
    id,
    user_id: user.id,
    total_pence: price.totalPence,
    created_at: nowIso(),
  });
  return { id, totalPrice: penceToPounds(price.totalPence) };
}

/** A provider's refusal becomes a 402 in the provider's plain words. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentFailed) throw new ShopError('PAYMENT_REQUIRED', error.message);
    throw error;
  }
}

class SoldOut extends Error {
  constructor(readonly line: PricedLine) {
    super(`sold out: ${line.product.id}`);
  }
}

async function refund(context: OrdersContext, capture: Capture, reason: string): Promise<void> {
  try {
    await context.payments.refundCapture(capture.captureId);
    context.log.warn(`Refunded capture ${capture.captureId}: ${reason}`);
  } catch (error) {
    // The money is with the shop and no order was made: someone must refund it by hand.
    context.log.error(
      { err: error },
      `REFUND FAILED for capture ${capture.captureId} (${reason}); refund it in the provider's dashboard`,
    );
  }
}

function isPaidInFull(capture: Capture, totalPence: number): boolean {
  return capture.currency === 'GBP' && capture.amountPence === totalPence;
}

/** The same payment sent again answers the order it already made, to its owner only. */
function sameOrderAgain(existing: OrderWithItems, user: UserRow) {
  if (existing.order.user_id !== user.id) {
    throw new ShopError('CONFLICT', 'That payment has already been used for another order');
  }
  return { order: presentOrder(existing), created: false };
}

async function storeOrder(
  context: OrdersContext,
  user: UserRow,
  body: OrderBody,
  basket: PricedBasket,
  capture: Capture,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  const { price, voucher } = basket;
  await context.database.db.transaction().execute(async (trx) => {
    // The order goes in first: a twin request with the same payment stops here, on the unique
    // payment id, before it touches the stock.
    await insertOrder(
      trx,
      {
        id,
        user_id: user.id,
        user_name: user.name || user.email,
        user_email: user.email,
        address: body.shippingAddress.address,
        city: body.shippingAddress.city,
        postal_code: body.shippingAddress.postalCode,
        country: body.shippingAddress.country,
        payment_method: PAYMENT_METHOD,
        items_pence: price.itemsPence,
        shipping_pence: price.shippingPence,
        tax_pence: price.taxPence,
        voucher_name: voucher?.name ?? null,
        voucher_code: voucher?.code ?? null,
        voucher_discount_pence: price.voucherDiscountPence,
        total_pence: price.totalPence,
        notes: body.notes,
        payment_id: body.paymentResult.id,
        capture_id: capture.captureId,
        payment_status: capture.captureStatus,
        payer_email: capture.payerEmail,
        payment_update_time: capture.updateTime,
        paid_at: now,
        dispatched_at: null,
        delivered_at: null,
        created_at: now,
      },
      basket.lines.map(({ product, qty }, position) => ({
        id: newId(),
        order_id: id,
        position,
        product_id: product.id,
        name: product.name,
        brand: product.brand,
        image: product.image,
        price_pence: product.pricePence,
        qty,
      })),
    );
    for (const line of basket.lines) {
      if (!(await takeFromStock(trx, line.product.id, line.qty))) throw new SoldOut(line);
    }
  });
  return id;
}

/**
 * Captures an approved payment and makes its order, once. Every price comes from the database;
 * the capture must have completed in GBP for exactly the total computed now. Stock is taken in
 * the transaction that makes the order; if it ran out while the shopper paid, the payment is
 * refunded and no order is made.
 */
export async function placeOrder(
  context: OrdersContext,
  user: UserRow,
  body: OrderBody,
): Promise<{ order: Order; created: boolean }> {
  const { db } = context.database;
  const paymentId = body.paymentResult.id;
  const existing = await findOrderByPayment(db, paymentId);
  if (existing) return sameOrderAgain(existing, user);
  const payment = await findPayment(db, paymentId);
  if (payment?.user_id !== user.id) throw notFound('That payment could not be found');

  const basket = await priceBasket(db, body);
  const capture = await askProvider(() => context.payments.capturePayment(paymentId));
  if (capture.orderStatus !== 'COMPLETED' || capture.captureStatus !== 'COMPLETED') {
    throw new ShopError(
      'PAYMENT_REQUIRED',
      'Your payment has not gone through yet, so no order was made. Please try again.',
    );
  }
  if (!isPaidInFull(capture, basket.price.totalPence)) {
    await refund(context, capture, 'amount or currency did not match the order');
    throw new ShopError(
      'PAYMENT_REQUIRED',
      'The payment did not match your order total, so it has been refunded and no order was made. Please check out again.',
    );
  }

  let orderId: string;
  try {
    orderId = await storeOrder(context, user, body, basket, capture);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const twin = await findOrderByPayment(db, paymentId);
      if (twin) return sameOrderAgain(twin, user);
    }
    if (error instanceof SoldOut) {
      await refund(context, capture, `${error.line.product.name} sold out`);
      throw new ShopError(
        'CONFLICT',
        `Sorry, ${error.line.product.name} sold out while you were paying. Your payment has been refunded and no order was made.`,
      );
    }
    throw error;
  }
  const order = await orderById(context, orderId);
  context.mailer.send(orderConfirmationMail(user.email, order, context.publicUrl));
  return { order, created: true };
}

async function orderById({ database }: OrdersContext, id: string): Promise<Order> {
  const found = await findOrder(database.db, id);
  if (!found) throw notFound('Order not found');
  return presentOrder(found);
}

export async function ordersOf({ database }: OrdersContext, user: UserRow): Promise<Order[]> {
  return (await listOrders(database.db, user.id)).map(presentOrder);
}

export async function allOrders({ database }: OrdersContext): Promise<Order[]> {
  return (await listOrders(database.db)).map(presentOrder);
}

/** An order its owner or an admin may see; to anyone else it does not exist. */
export async function orderFor(context: OrdersContext, user: UserRow, id: string) {
  const order = await orderById(context, id);
  if (order.user._id !== user.id && user.role !== 'admin') throw notFound('Order not found');
  return order;
}

/** Why an order could not move on: it does not exist (404), or it is in the wrong state (409). */
async function refusal(
  context: OrdersContext,
  id: string,
  reason: (order: Order) => string,
): Promise<ShopError> {
  return new ShopError('CONFLICT', reason(await orderById(context, id)));
}

export async function dispatchOrder(context: OrdersContext, id: string): Promise<Order> {
  const { db } = context.database;
  if (!(await markDispatched(db, id))) {
    throw await refusal(context, id, (order) =>
      order.isPaid ? 'This order has already been dispatched' : 'Order not paid',
    );
  }
  const dispatched = await findOrder(db, id);
  if (!dispatched) throw notFound('Order not found');
  const order = presentOrder(dispatched);
  context.mailer.send(orderDispatchedMail(dispatched.order.user_email, order, context.publicUrl));
  return order;
}

export async function deliverOrder(context: OrdersContext, id: string): Promise<Order> {
  if (!(await markDelivered(context.database.db, id))) {
    throw await refusal(context, id, (order) =>
      order.isDispatched
        ? 'This order has already been delivered'
        : 'This order has not been dispatched yet',
    );
  }
  return orderById(context, id);
}
