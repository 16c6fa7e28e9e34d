import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../../src/shared/orders/orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import {
  ADDRESS,
  addVoucher,
  openPayment,
  orderCount,
  placeOrder,
  stockOf,
} from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { refuseInserts } from '../../support/refuse-inserts';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('checkout through PayPal on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal));
    customer = await addUser(shop);
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });

  const captureCalls = (paymentId: string) =>
    paypal.requests.filter(
      (request) => request.path === `/v2/checkout/orders/${paymentId}/capture`,
    );

  const setStock = (productId: string, count: number) =>
    shop.database.db
      .updateTable('products')
      .set({ count_in_stock: count })
      .where('id', '=', productId)
      .execute();

  /**
   * Sends the order while its stock changes under it: PayPal stumbles once, so the shop waits
   * before asking again, and meanwhile the stock is set (the last one sold elsewhere, say). The
   * capture then completes against the stock as it is now.
   */
  async function orderWhileStockIsSet(
    paymentId: string,
    lines: { product: string; qty: number }[],
    productId: string,
    count: number,
  ) {
    paypal.failNext(1, 503);
    const answer = placeOrder(shop, customer.token, paymentId, lines);
    while (captureCalls(paymentId).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await setStock(productId, count);
    return answer;
  }

  async function approvedPayment(lines: { product: string; qty: number }[], extra = {}) {
    const payment = await openPayment(shop, customer.token, lines, extra);
    paypal.approve(payment.id, { email: 'olive@personal.example.com' });
    return payment;
  }

  it('opens a PayPal order for the total the database gives, with its breakdown', async () => {
    await addVoucher(shop.database, { code: 'PAYPAL3', discountPence: 300 });
    const product = await addProduct(shop.database, {
      name: 'Wool Beanie',
      pricePence: 1450,
      countInStock: 4,
    });
    const payment = await openPayment(
      shop,
      customer.token,
      [{ product: product.id, qty: 2, price: 0.01 } as { product: string; qty: number }],
      { voucher: 'paypal3', totalPrice: 0.01 },
    );
    expect(payment.totalPrice).toBe(30.99);
    const order = paypal.orders.get(payment.id);
    expect(order?.purchaseUnit).toMatchObject({
      amount: {
        currency_code: 'GBP',
        value: '30.99',
        breakdown: {
          item_total: { currency_code: 'GBP', value: '29.00' },
          shipping: { currency_code: 'GBP', value: '4.99' },
          discount: { currency_code: 'GBP', value: '3.00' },
        },
      },
      items: [
        {
          name: 'Wool Beanie',
          quantity: '2',
          unit_amount: { currency_code: 'GBP', value: '14.50' },
        },
      ],
    });
  });

  it('captures an approved payment once and records who paid', async () => {
    const product = await addProduct(shop.database, { pricePence: 2500, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await approvedPayment(lines);
    const first = await placeOrder(shop, customer.token, payment.id, lines);
    expect(first.statusCode).toBe(201);
    const order = orderSchema.parse(first.json());
    expect(order.paymentMethod).toBe('PayPal');
    expect(order).toMatchObject({
      isPaid: true,
      totalPrice: 29.99,
      paymentResult: {
        id: payment.id,
        status: 'COMPLETED',
        email_address: 'olive@personal.example.com',
      },
    });
    const again = await placeOrder(shop, customer.token, payment.id, lines);
    expect(again.statusCode).toBe(200);
    expect(captureCalls(payment.id)).toHaveLength(1);
    expect(captureCalls(payment.id)[0]?.headers['paypal-request-id']).toBe(`capture-${payment.id}`);
    expect(await stockOf(shop.database, product.id)).toBe(2);
  });

  it('makes no order for a payment the buyer has not approved (402)', async () => {
    const product = await addProduct(shop.database, { countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines);
    const before = await orderCount(shop.database);
    const response = await placeOrder(shop, customer.token, payment.id, lines);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message:
        'The payment has not been approved yet. Please approve it in the PayPal window and try again.',
      code: 'PAYMENT_NOT_COMPLETED',
    });
    expect(await orderCount(shop.database)).toBe(before);
    expect(await stockOf(shop.database, product.id)).toBe(3);
  });

  it('makes no order for a capture that is only pending (402), and keeps nothing', async () => {
    const product = await addProduct(shop.database, { countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await approvedPayment(lines);
    paypal.capturePending(payment.id);
    const response = await placeOrder(shop, customer.token, payment.id, lines);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });
    expect(await stockOf(shop.database, product.id)).toBe(3);
  });

  it.each([
    [{ value: '0.01', currency: 'GBP' }, 'a different amount'],
    [{ value: '10.00', currency: 'USD' }, 'another currency'],
  ])('refunds a capture for %j (%s) at once and makes no order (402)', async (amount) => {
    const product = await addProduct(shop.database, { pricePence: 500, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await approvedPayment(lines);
    paypal.captureAmountOverride(payment.id, amount);
    const before = await orderCount(shop.database);
    const response = await placeOrder(shop, customer.token, payment.id, lines);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message:
        'The payment did not match your order total. Please check out again. Your payment has been refunded and no order was made.',
      code: 'PAYMENT_MISMATCH',
    });
    const captureId = paypal.orders.get(payment.id)?.captures[0]?.id;
    expect(paypal.refunds).toContain(captureId);
    expect(await orderCount(shop.database)).toBe(before);
    expect(await stockOf(shop.database, product.id)).toBe(3);
  });

  it('refunds the payment when the last item sold while the shopper was paying (409)', async () => {
    const product = await addProduct(shop.database, { name: 'Only One Ring', countInStock: 1 });
    const lines = [{ product: product.id, qty: 1 }];
    const first = await approvedPayment(lines);
    const second = await approvedPayment(lines);
    const answers = await Promise.all([
      placeOrder(shop, customer.token, first.id, lines),
      placeOrder(shop, customer.token, second.id, lines),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    const refusedId = refused === answers[0] ? first.id : second.id;
    if (captureCalls(refusedId).length > 0) {
      // It was captured before the stock ran out: the money went straight back.
      expect(refused?.json()).toMatchObject({
        message:
          'Sorry, Only One Ring sold out while you were paying. Your payment has been refunded and no order was made.',
      });
      expect(paypal.refunds).toContain(paypal.orders.get(refusedId)?.captures[0]?.id);
    } else {
      // It was refused before capture: no money moved at all.
      expect(refused?.json()).toMatchObject({ message: 'Sorry, Only One Ring is out of stock' });
    }
    expect(await stockOf(shop.database, product.id)).toBe(0);
  });

  it('refunds when the stock is gone by the time the capture completes (409)', async () => {
    const product = await addProduct(shop.database, { name: 'Vanishing Scarf', countInStock: 1 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await approvedPayment(lines);
    const response = await orderWhileStockIsSet(payment.id, lines, product.id, 0);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message:
        'Sorry, Vanishing Scarf sold out while you were paying. Your payment has been refunded and no order was made.',
      code: 'INSUFFICIENT_STOCK',
    });
    expect(captureCalls(payment.id)).toHaveLength(2);
    expect(paypal.refunds).toContain(paypal.orders.get(payment.id)?.captures[0]?.id);
    expect(await stockOf(shop.database, product.id)).toBe(0);
  });

  it('rides over a PayPal hiccup with the same request id, capturing once', async () => {
    const product = await addProduct(shop.database, { countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await approvedPayment(lines);
    paypal.failNext(2, 503);
    const response = await placeOrder(shop, customer.token, payment.id, lines);
    expect(response.statusCode).toBe(201);
    const calls = captureCalls(payment.id);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.headers['paypal-request-id']))).toEqual(
      new Set([`capture-${payment.id}`]),
    );
    expect(paypal.orders.get(payment.id)?.captures).toHaveLength(1);
  });

  describe('the payment ledger', () => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await addUser(shop, { role: 'admin' });
    });

    const paymentStatus = async (id: string) =>
      (
        await shop.database.db
          .selectFrom('payments')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    const captureOf = (paymentId: string) => paypal.orders.get(paymentId)?.captures[0]?.id ?? '';
    const send = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
      shop.app.inject({ method, url, headers: bearer(token), payload });

    it('never makes an order from a payment it refunded, however it is replayed', async () => {
      const product = await addProduct(shop.database, { pricePence: 500, countInStock: 5 });
      const one = [{ product: product.id, qty: 1 }];
      const payment = await approvedPayment(one);
      // The price rises after the shopper approved £9.99: the capture no longer matches.
      await shop.database.db
        .updateTable('products')
        .set({ price_pence: 600 })
        .where('id', '=', product.id)
        .execute();
      const mismatched = await placeOrder(shop, customer.token, payment.id, one);
      expect(mismatched.statusCode).toBe(402);
      expect(mismatched.json()).toMatchObject({ code: 'PAYMENT_MISMATCH' });
      expect(paypal.refundedPence(captureOf(payment.id))).toBe(999);
      expect(await paymentStatus(payment.id)).toBe('refunded');
      const before = await orderCount(shop.database);
      const replayed = await placeOrder(shop, customer.token, payment.id, one);
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json()).toMatchObject({ code: 'PAYMENT_CLOSED' });
      expect(await orderCount(shop.database)).toBe(before);
      expect(await stockOf(shop.database, product.id)).toBe(5);
      expect(paypal.refunds.filter((id) => id === captureOf(payment.id))).toHaveLength(1);
    });

    it('captures nothing for an order of other items than its payment was opened for', async () => {
      const pendant = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
      const earrings = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
      const opened = [{ product: pendant.id, qty: 1 }];
      const payment = await approvedPayment(opened);
      const before = await orderCount(shop.database);
      // The same total, for another thing: PayPal's order lists the pendant.
      for (const other of [
        [{ product: earrings.id, qty: 1 }],
        [{ product: pendant.id, qty: 2 }],
        [...opened, { product: earrings.id, qty: 1 }],
      ]) {
        const refused = await placeOrder(shop, customer.token, payment.id, other);
        expect(refused.statusCode, JSON.stringify(other)).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'PAYMENT_BASKET_CHANGED' });
      }
      const gifted = await placeOrder(shop, customer.token, payment.id, opened, {
        gift: { wrap: true },
      });
      expect(gifted.json()).toMatchObject({ code: 'PAYMENT_BASKET_CHANGED' });
      expect(captureCalls(payment.id)).toHaveLength(0);
      expect(await paymentStatus(payment.id)).toBe('opened');
      expect(await orderCount(shop.database)).toBe(before);
      expect(await stockOf(shop.database, earrings.id)).toBe(5);
      // The basket it was opened for still makes its order.
      const placed = await placeOrder(shop, customer.token, payment.id, opened);
      expect(placed.statusCode, placed.body).toBe(201);
      expect(orderSchema.parse(placed.json()).orderItems).toEqual([
        expect.objectContaining({ product: pendant.id, qty: 1 }),
      ]);
    });

    it('never makes an order for the loser of a stock race, even after a restock', async () => {
      const product = await addProduct(shop.database, { name: 'Last Locket', countInStock: 1 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await approvedPayment(lines);
      const lost = await orderWhileStockIsSet(payment.id, lines, product.id, 0);
      expect(lost.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
      await setStock(product.id, 5);
      const replayed = await placeOrder(shop, customer.token, payment.id, lines);
      expect(replayed.statusCode).toBe(409);
      expect(replayed.json()).toMatchObject({ code: 'PAYMENT_CLOSED' });
      expect(await stockOf(shop.database, product.id)).toBe(5);
    });

    it('refuses a NUL in the notes or the address before anything is captured (400)', async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await approvedPayment(lines);
      const cases = [
        { notes: 'Gift\u0000wrap' },
        { shippingAddress: { ...ADDRESS, address: '12 Mill\u0000Lane' } },
      ];
      for (const extra of cases) {
        const response = await placeOrder(shop, customer.token, payment.id, lines, extra);
        expect(response.statusCode).toBe(400);
      }
      expect(captureCalls(payment.id)).toHaveLength(0);
      expect(await paymentStatus(payment.id)).toBe('opened');
      expect((await placeOrder(shop, customer.token, payment.id, lines)).statusCode).toBe(201);
    });

    it('refunds the capture when the database refuses the order after it', async () => {
      const product = await addProduct(shop.database, { pricePence: 1500, countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await approvedPayment(lines);
      await refuseInserts(shop, 'orders', true);
      try {
        const response = await placeOrder(shop, customer.token, payment.id, lines);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({
          code: 'ORDER_NOT_RECORDED',
          message:
            'Sorry, we could not record your order. Your payment has been refunded and no order was made.',
        });
      } finally {
        await refuseInserts(shop, 'orders', false);
      }
      expect(paypal.refundedPence(captureOf(payment.id))).toBe(1999);
      expect(await paymentStatus(payment.id)).toBe('refunded');
      expect(await stockOf(shop.database, product.id)).toBe(5);
    });

    it('keeps a refund PayPal refused for admins to retry, and never loses it', async () => {
      const product = await addProduct(shop.database, { pricePence: 700, countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await approvedPayment(lines);
      paypal.captureAmountOverride(payment.id, { value: '1.00', currency: 'GBP' });
      paypal.refuseRefunds(1);
      const response = await placeOrder(shop, customer.token, payment.id, lines);
      expect(response.statusCode).toBe(402);
      expect(response.json<{ message: string }>().message).toContain(
        'your refund is being arranged',
      );
      expect(await paymentStatus(payment.id)).toBe('refund_failed');
      const replayed = await placeOrder(shop, customer.token, payment.id, lines);
      expect(replayed.json()).toMatchObject({ code: 'PAYMENT_CLOSED' });

      const failed = await send('GET', '/api/refunds/failed', admin.token);
      const owed = failed
        .json<{ _id: string; paymentId: string; amount: number; error: string }[]>()
        .find((refund) => refund.paymentId === payment.id);
      expect(owed).toMatchObject({ amount: 1, orderId: null });
      expect(owed?.error).not.toBe('');

      const retried = await send('POST', `/api/refunds/${owed?._id ?? ''}/retry`, admin.token);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(paypal.refundedPence(captureOf(payment.id))).toBe(100);
      expect(await paymentStatus(payment.id)).toBe('refunded');
      const after = await send('GET', '/api/refunds/failed', admin.token);
      expect(after.json<{ paymentId: string }[]>().map((refund) => refund.paymentId)).not.toContain(
        payment.id,
      );
      const again = await send('POST', `/api/refunds/${owed?._id ?? ''}/retry`, admin.token);
      expect(again.statusCode).toBe(404);
    });

    it('refunds part of an order and then a cancellation through PayPal, each with its own key', async () => {
      const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
      const lines = [{ product: product.id, qty: 2 }];
      const payment = await approvedPayment(lines);
      const order = orderSchema.parse(
        (await placeOrder(shop, customer.token, payment.id, lines)).json(),
      );
      const part = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 5,
        reason: 'Scratched clasp',
      });
      expect(part.statusCode, part.body).toBe(200);
      expect(paypal.refundedPence(captureOf(payment.id))).toBe(500);
      const cancelled = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
      expect(orderSchema.parse(cancelled.json())).toMatchObject({
        status: 'cancelled',
        refundedTotal: 44.99,
      });
      expect(paypal.refundedPence(captureOf(payment.id))).toBe(4499);
      const keys = paypal.requests
        .filter(
          (request) => request.path === `/v2/payments/captures/${captureOf(payment.id)}/refund`,
        )
        .map((request) => request.headers['paypal-request-id']);
      expect(new Set(keys).size).toBe(2);
      expect(await stockOf(shop.database, product.id)).toBe(5);
    });

    it('tells the admin when PayPal refuses a refund, and keeps it owed', async () => {
      const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await approvedPayment(lines);
      const order = orderSchema.parse(
        (await placeOrder(shop, customer.token, payment.id, lines)).json(),
      );
      paypal.refuseRefunds(1);
      const refused = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 24.99,
        reason: 'Lost in the post',
      });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED' });
      const owed = (await send('GET', '/api/refunds/failed', admin.token))
        .json<{ _id: string; orderId: string | null }[]>()
        .find((refund) => refund.orderId === order._id);
      expect(owed).toBeDefined();
      // What is owed counts against the total: nothing more can be refunded meanwhile.
      const more = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 1,
        reason: 'More',
      });
      expect(more.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
      await send('POST', `/api/refunds/${owed?._id ?? ''}/retry`, admin.token);
      const final = orderSchema.parse(
        (await send('GET', `/api/orders/${order._id}`, admin.token)).json(),
      );
      expect(final).toMatchObject({ status: 'refunded', refundedTotal: 24.99 });
      expect(final.events?.map((event) => event.type)).toEqual([
        'placed',
        'refund_failed',
        'refunded',
      ]);
    });
  });
});
