import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../../src/shared/orders/orders';
import { settingsSchema } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, orderCount, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('test payments by card and wallet on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let productId: string;
  const call = apiCaller(() => shop);
  const lines = () => [{ product: productId, qty: 1 }];
  const approve = (paymentId: string, body: object) =>
    call('POST', `/api/payments/${paymentId}/test-approval`, undefined, body);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    customer = await addUser(shop);
    productId = (await addProduct(shop.database, { pricePence: 1800, countInStock: 100 })).id;
  });
  afterAll(async () => {
    await shop.close();
  });

  it('pays by a test card, saying on the order that no money was taken', async () => {
    const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
    expect((await approve(payment.id, { card: '4242 4242 4242 4242' })).statusCode).toBe(200);
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json())).toMatchObject({
      paymentMethod: 'Visa ending 4242 (test, no money taken)',
      payment: { method: 'card', brand: 'Visa', last4: '4242', liabilityShift: 'YES' },
    });
  });

  it('shows a failed 3-D Secure check and a decline as PayPal would, then takes another card', async () => {
    const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
    const orders = await orderCount(shop.database);
    await approve(payment.id, { card: '4000000000003220' });
    const failed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_NOT_AUTHENTICATED' });
    await approve(payment.id, { card: '4000000000000002' });
    const declined = await placeOrder(shop, customer.token, payment.id, lines());
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(await orderCount(shop.database)).toBe(orders);
    // Not approved again after the decline: nothing to capture.
    const unapproved = await placeOrder(shop, customer.token, payment.id, lines());
    expect(unapproved.json()).toMatchObject({ code: 'PAYMENT_NOT_COMPLETED' });

    await approve(payment.id, { card: '5555555555554444' });
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json()).payment).toEqual({
      method: 'card',
      brand: 'Mastercard',
      last4: '4444',
      liabilityShift: 'POSSIBLE',
    });
  });

  it('takes no card number but the test cards, and approves no PayPal payment here', async () => {
    const card = await openPayment(shop, customer.token, lines(), { method: 'card' });
    for (const body of [{ card: '4929 0000 0000 6' }, {}, { card: 4242 }]) {
      const refused = await approve(card.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const paypal = await openPayment(shop, customer.token, lines());
    expect((await approve(paypal.id, {})).statusCode).toBe(400);
    expect((await approve('TESTNOSUCHPAYMENT', {})).statusCode).toBe(404);
    const unapproved = await placeOrder(shop, customer.token, card.id, lines());
    expect(unapproved.statusCode).toBe(402);
  });

  it('pays by a test wallet once the owner has it on', async () => {
    const address = {
      name: 'Olive',
      address: '1 Lane',
      city: 'Leeds',
      postalCode: 'LS1 1AA',
      country: 'United Kingdom',
    };
    const off = await call('POST', '/api/payments', customer.token, {
      orderItems: lines(),
      shippingAddress: address,
      method: 'google-pay',
    });
    // A new shop has Apple Pay and Google Pay off.
    expect(off.json()).toMatchObject({ code: 'METHOD_OFF' });

    const admin = await addUser(shop, { role: 'admin' });
    const now = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const saved = await call('PUT', '/api/settings', admin.token, {
      ...now,
      payments: { ...now.payments, googlePay: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const payment = await openPayment(shop, customer.token, lines(), { method: 'google-pay' });
    expect((await approve(payment.id, {})).statusCode).toBe(200);
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json())).toMatchObject({
      paymentMethod: 'Google Pay (test, no money taken)',
      payment: { method: 'google-pay', brand: 'Visa', last4: '1111', liabilityShift: null },
    });
  });
});
