import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedRefundSchema } from '../../../src/shared/payments/payments';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder, stockOf, type Lines } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const RACES = 50;

describe.each(testDialects())('refunds racing each other on %s, through PayPal', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal));
    customer = await addUser(shop, { name: 'Cora Cancel' });
    admin = await addUser(shop, { role: 'admin', name: 'Rex Refund' });
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });

  const send = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function buy(lines: Lines): Promise<Order> {
    const payment = await openPayment(shop, customer.token, lines);
    paypal.approve(payment.id);
    const response = await placeOrder(shop, customer.token, payment.id, lines);
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  const captureOf = async (orderId: string) =>
    (
      await shop.database.db
        .selectFrom('orders')
        .select('capture_id')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).capture_id;

  const orderNow = async (orderId: string) =>
    orderSchema.parse((await send('GET', `/api/orders/${orderId}`, admin.token)).json());

  it(`never gives back more than was paid when a cancel races a part refund (${RACES} times)`, async () => {
    const product = await addProduct(shop.database, { pricePence: 4499, countInStock: 500 });
    const lines = [{ product: product.id, qty: 1 }];
    for (let race = 0; race < RACES; race += 1) {
      const order = await buy(lines);
      const stockBefore = await stockOf(shop.database, product.id);
      const refund = send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 10,
        reason: 'Scratched clasp',
        restock: [{ product: product.id, qty: 1 }],
      });
      await wait(race % 5);
      const cancel = send('POST', `/api/orders/${order._id}/cancel`, customer.token);
      const [refunded, cancelled] = await Promise.all([refund, cancel]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409]).toContain(refunded.statusCode);

      const now = await orderNow(order._id);
      expect(now.status).toBe('cancelled');
      // All of it back, once: on the shop's ledger and at PayPal.
      expect(now.refundedTotal).toBe(order.totalPrice);
      expect(paypal.refundedPence(await captureOf(order._id))).toBe(
        Math.round(order.totalPrice * 100),
      );
      // The one item bought went back into stock once, by the refund or by the cancel.
      expect(await stockOf(shop.database, product.id)).toBe(stockBefore + 1);
    }
    const failed = await send('GET', '/api/refunds/failed', admin.token);
    expect(failedRefundSchema.array().parse(failed.json())).toEqual([]);
  });

  it('puts back into stock no more than an order holds, across refunds and a cancel', async () => {
    const product = await addProduct(shop.database, { pricePence: 2500, countInStock: 8 });
    const order = await buy([{ product: product.id, qty: 2 }]);
    expect(await stockOf(shop.database, product.id)).toBe(6);
    const refund = (qty: number) =>
      send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 0.01,
        reason: 'Goodwill',
        restock: [{ product: product.id, qty }],
      });

    expect((await refund(1)).statusCode).toBe(200);
    expect(await stockOf(shop.database, product.id)).toBe(7);

    const tooMany = await refund(2);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'RESTOCK_TOO_MANY',
      message: expect.stringContaining('Only 1 of') as unknown,
    });
    // Refused whole: no refund recorded, nothing put back.
    expect((await orderNow(order._id)).refundedTotal).toBe(0.01);
    expect(await stockOf(shop.database, product.id)).toBe(7);

    expect((await refund(1)).statusCode).toBe(200);
    expect((await refund(1)).json()).toMatchObject({ code: 'RESTOCK_TOO_MANY' });
    expect(await stockOf(shop.database, product.id)).toBe(8);

    const cancelled = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(shop.database, product.id)).toBe(8);
    expect((await orderNow(order._id)).refundedTotal).toBe(order.totalPrice);
  });

  it('puts back on cancelling what part refunds did not', async () => {
    const product = await addProduct(shop.database, { pricePence: 1500, countInStock: 10 });
    const order = await buy([{ product: product.id, qty: 3 }]);
    const part = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: 15,
      reason: 'One arrived broken',
      restock: [{ product: product.id, qty: 1 }],
    });
    expect(part.statusCode).toBe(200);
    expect(await stockOf(shop.database, product.id)).toBe(8);
    const cancelled = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(shop.database, product.id)).toBe(10);
  });
});
