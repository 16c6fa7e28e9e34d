import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/shared/orders';
import { addUser, type TestUser } from '../support/account-fixtures';
import { addProduct } from '../support/catalogue-fixtures';
import { testDialects } from '../support/databases';
import {
  addVoucher,
  openPayment,
  orderCount,
  placeOrder,
  stockOf,
} from '../support/order-fixtures';
import { startPayPalStandIn, type PayPalStandIn } from '../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../support/test-shop';

describe.each(testDialects())('checkout through PayPal on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_API_BASE: paypal.baseUrl,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    });
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
      code: 'PAYMENT_REQUIRED',
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
    expect(response.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
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
        'The payment did not match your order total, so it has been refunded and no order was made. Please check out again.',
      code: 'PAYMENT_REQUIRED',
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
    // PayPal stumbles once, so the shop waits before asking again; meanwhile the last scarf is
    // sold elsewhere. The capture then completes, but there is nothing left to send.
    paypal.failNext(1, 503);
    const answer = placeOrder(shop, customer.token, payment.id, lines);
    while (captureCalls(payment.id).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await shop.database.db
      .updateTable('products')
      .set({ count_in_stock: 0 })
      .where('id', '=', product.id)
      .execute();
    const response = await answer;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message:
        'Sorry, Vanishing Scarf sold out while you were paying. Your payment has been refunded and no order was made.',
      code: 'CONFLICT',
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
});
