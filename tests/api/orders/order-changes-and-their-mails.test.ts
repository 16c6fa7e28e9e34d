import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatPounds } from '../../../src/shared/money';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { openPayment, placeOrder, stockOf } from '../../support/order-fixtures';
import { refuseInserts } from '../../support/refuse-inserts';
import { startTestShop, type TestShop } from '../../support/test-shop';

/*
 * A change to an order and the mails it causes are stored in one transaction: when the mail
 * cannot be stored, the change is not made either, so no crash or failure can leave a dispatched,
 * delivered, cancelled or returned order its customer (or the shop) never heard of.
 */
describe.each(testDialects())('order changes and their mails on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, {
      PUBLIC_URL: 'https://shop.example.test',
      SHOP_EMAIL: 'orders@larkspur.example',
    });
    customer = await addUser(shop, { name: 'Mira Mail' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterEach(() => refuseInserts(shop, 'mail_outbox', false));
  afterAll(() => shop.close());

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    shop.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function anOrder(qty = 1) {
    const product = await addProduct(shop.database, { pricePence: 3000, countInStock: 5 });
    const lines = [{ product: product.id, qty }];
    const payment = await openPayment(shop, customer.token, lines);
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    return { product, order: orderSchema.parse(placed.json()) };
  }

  async function orderNow(id: string): Promise<Order> {
    const response = await send('GET', `/api/orders/${id}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return orderSchema.parse(response.json());
  }

  const mailAbout = (to: string, subject: string, order: Order) =>
    waitForMail(
      path.join(shop.config.dataDir, 'outbox'),
      to,
      (mail) => mail.header('subject') === subject && (mail.text?.includes(order._id) ?? false),
    );

  it('dispatches and delivers only with the mail that says so', async () => {
    const { order } = await anOrder();
    await refuseInserts(shop, 'mail_outbox', true);
    const refused = await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token);
    expect(refused.statusCode).toBe(500);
    expect(await orderNow(order._id)).toMatchObject({ status: 'paid', isDispatched: false });
    expect((await orderNow(order._id)).events?.map((event) => event.type)).toEqual(['placed']);

    await refuseInserts(shop, 'mail_outbox', false);
    const dispatched = await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const onItsWay = await mailAbout(customer.email, 'Your Larkspur order is on its way', order);
    // Tracked 48's 2 to 3 working days from the day it went.
    expect(onItsWay?.text).toMatch(
      /should arrive between [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ and [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+\./,
    );

    await refuseInserts(shop, 'mail_outbox', true);
    expect((await send('PUT', `/api/orders/${order._id}/delivered`, admin.token)).statusCode).toBe(
      500,
    );
    expect(await orderNow(order._id)).toMatchObject({ status: 'dispatched', isDelivered: false });
    await refuseInserts(shop, 'mail_outbox', false);
    expect((await send('PUT', `/api/orders/${order._id}/delivered`, admin.token)).statusCode).toBe(
      200,
    );
    expect(
      await mailAbout(customer.email, 'Your Larkspur order has been delivered', order),
    ).toBeDefined();
  });

  it('cancels only with the mail that says so: no stock back, no refund, until it can be told', async () => {
    const { product, order } = await anOrder(2);
    expect(await stockOf(shop.database, product.id)).toBe(3);
    await refuseInserts(shop, 'mail_outbox', true);
    const refused = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
    expect(refused.statusCode).toBe(500);
    expect(await orderNow(order._id)).toMatchObject({ status: 'paid', refundedTotal: 0 });
    expect(await stockOf(shop.database, product.id)).toBe(3);

    await refuseInserts(shop, 'mail_outbox', false);
    const cancelled = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(orderSchema.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      refundedTotal: order.totalPrice,
    });
    expect(await stockOf(shop.database, product.id)).toBe(5);
    const mail = await mailAbout(
      customer.email,
      `Your Larkspur order ${order.orderNumber} is cancelled`,
      order,
    );
    expect(mail?.text).toContain(
      `We are refunding ${formatPounds(order.totalPrice)} to the account you paid with`,
    );
  });

  it('takes a return request only with the mails to the customer and the shop', async () => {
    const { order } = await anOrder();
    await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token);
    await send('PUT', `/api/orders/${order._id}/delivered`, admin.token);
    const reason = 'The hat is too small';
    await refuseInserts(shop, 'mail_outbox', true);
    const refused = await send('POST', `/api/orders/${order._id}/return`, customer.token, {
      reason,
    });
    expect(refused.statusCode).toBe(500);
    expect(await orderNow(order._id)).toMatchObject({ status: 'delivered', returnRequest: null });

    await refuseInserts(shop, 'mail_outbox', false);
    const asked = await send('POST', `/api/orders/${order._id}/return`, customer.token, { reason });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(
      await mailAbout(
        customer.email,
        `We have your return request for order ${order.orderNumber}`,
        order,
      ),
    ).toBeDefined();
    const toShop = await mailAbout(
      'orders@larkspur.example',
      `Return requested for order ${order.orderNumber}`,
      order,
    );
    expect(toShop?.text).toContain(reason);
  });

  it('mails a refund the provider took, with the order closed when it is paid back', async () => {
    const { order } = await anOrder();
    const response = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: order.totalPrice,
      reason: 'Scratched clasp',
      restock: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(orderSchema.parse(response.json())).toMatchObject({ status: 'refunded' });
    const mail = await mailAbout(customer.email, 'A refund on your Larkspur order', order);
    expect(mail?.text).toContain(
      `We have refunded ${formatPounds(order.totalPrice)} to the account you paid with (Scratched clasp)`,
    );
  });
});
