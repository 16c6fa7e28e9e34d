import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderSchema } from '../../../src/shared/orders/orders';
import type { PaymentSettings } from '../../../src/shared/payments/payment-methods';
import { paymentConfigSchema } from '../../../src/shared/payments/payments';
import { settingsSchema } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, orderCount, placeOrder, stockOf } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import type { StandInAuthentication } from '../../support/paypal-stand-in/payment-sources';
import { startTestShop, type TestShop } from '../../support/test-shop';

const NOT_AUTHENTICATED = {
  failed:
    'Your bank could not confirm that this payment is yours, so nothing was taken. Please try again, or use another card or way to pay.',
  unknown:
    'Your card could not be checked with your bank just now, so nothing was taken. Please try again, or choose another way to pay.',
  noThreeDS:
    'This card cannot be checked with your bank (3-D Secure), which we need to take it, so nothing was taken. Please use another card or pay with PayPal.',
};

/** A row of PayPal's 3-D Secure table: what PayPal reports, and what the shop must do with it. */
type Row = [
  enrollment: string | undefined,
  authentication: string | undefined,
  shift: StandInAuthentication['liability_shift'],
  outcome: 'captured' | keyof typeof NOT_AUTHENTICATED,
];

/** PayPal's table, with the shop taking no card whose bank offers no 3-D Secure (the default). */
const PAYPAL_TABLE: Row[] = [
  ['Y', 'Y', 'POSSIBLE', 'captured'],
  ['Y', 'Y', 'YES', 'captured'],
  ['Y', 'N', 'NO', 'failed'],
  ['Y', 'R', 'NO', 'failed'],
  ['Y', 'A', 'POSSIBLE', 'captured'],
  ['Y', 'U', 'UNKNOWN', 'unknown'],
  ['Y', 'U', 'NO', 'failed'],
  ['Y', 'C', 'UNKNOWN', 'unknown'],
  ['Y', undefined, 'NO', 'failed'],
  ['N', undefined, 'NO', 'noThreeDS'],
  ['U', undefined, 'NO', 'noThreeDS'],
  ['U', undefined, 'UNKNOWN', 'unknown'],
  ['B', undefined, 'NO', 'noThreeDS'],
  [undefined, undefined, 'UNKNOWN', 'unknown'],
];

const authenticationOf = ([enrollment, status, shift]: Row): StandInAuthentication => ({
  liability_shift: shift,
  three_d_secure: {
    ...(enrollment === undefined ? {} : { enrollment_status: enrollment }),
    ...(status === undefined ? {} : { authentication_status: status }),
  },
});

describe.each(testDialects())('cards and wallets through PayPal on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;
  let productId: string;
  const call = apiCaller(() => shop);
  const lines = () => [{ product: productId, qty: 1 }];

  async function setPayments(change: Partial<PaymentSettings>) {
    const now = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const saved = await call('PUT', '/api/settings', admin.token, {
      ...now,
      payments: { ...now.payments, ...change },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const createBody = (paymentId: string) =>
    paypal.requests.find(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v2/checkout/orders' &&
        paypal.orders.get(paymentId)?.purchaseUnit.reference_id ===
          (request.body as { purchase_units: { reference_id: string }[] }).purchase_units[0]
            ?.reference_id,
    )?.body;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal));
    admin = await addUser(shop, { role: 'admin' });
    customer = await addUser(shop);
    productId = (await addProduct(shop.database, { pricePence: 4200, countInStock: 1000 })).id;
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });
  beforeEach(async () => {
    await setPayments({
      card: true,
      googlePay: true,
      threeDS: 'when-required',
      acceptNoLiabilityShift: false,
    });
  });

  it('opens a card payment asking 3-D Secure when the bank requires it, or always', async () => {
    const whenRequired = await openPayment(shop, customer.token, lines(), { method: 'card' });
    expect(createBody(whenRequired.id)).toMatchObject({
      payment_source: { card: { attributes: { verification: { method: 'SCA_WHEN_REQUIRED' } } } },
    });
    await setPayments({ threeDS: 'always' });
    const always = await openPayment(shop, customer.token, lines(), { method: 'card' });
    expect(createBody(always.id)).toMatchObject({
      payment_source: { card: { attributes: { verification: { method: 'SCA_ALWAYS' } } } },
    });
    const google = await openPayment(shop, customer.token, lines(), { method: 'google-pay' });
    expect(createBody(google.id)).toMatchObject({
      payment_source: { google_pay: { attributes: { verification: { method: 'SCA_ALWAYS' } } } },
    });
    // PayPal's buttons and Apple Pay add their own source when the shopper approves.
    for (const method of ['paypal', 'apple-pay']) {
      if (method === 'apple-pay') await setPayments({ applePay: true, applePayDomainFile: 'f' });
      const payment = await openPayment(shop, customer.token, lines(), { method });
      expect(createBody(payment.id), method).not.toHaveProperty('payment_source');
    }
    await setPayments({ applePay: false });
  });

  it('refuses a way to pay the owner has turned off, opening nothing', async () => {
    await setPayments({ card: false, googlePay: false });
    const before = paypal.orders.size;
    for (const method of ['card', 'google-pay', 'apple-pay']) {
      const refused = await call('POST', '/api/payments', customer.token, {
        orderItems: lines(),
        shippingAddress: {
          name: 'Olive',
          address: '1 Lane',
          city: 'Leeds',
          postalCode: 'LS1 1AA',
          country: 'United Kingdom',
        },
        method,
      });
      expect(refused.statusCode, method).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'METHOD_OFF' });
    }
    const unknown = await call('POST', '/api/payments', customer.token, {
      orderItems: lines(),
      method: 'cheque',
    });
    expect(unknown.statusCode).toBe(400);
    expect(paypal.orders.size).toBe(before);
  });

  it.each(PAYPAL_TABLE)(
    'reads 3-D Secure before capture: enrolment %s, authentication %s, liability shift %s: %s',
    async (...row) => {
      const [, , shift, outcome] = row;
      const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
      paypal.approveCard(payment.id, {
        brand: 'VISA',
        last_digits: '4242',
        authentication: authenticationOf(row),
      });
      const [captures, orders, stock] = [
        paypal.captureCount,
        await orderCount(shop.database),
        await stockOf(shop.database, productId),
      ];
      const placed = await placeOrder(shop, customer.token, payment.id, lines());
      if (outcome === 'captured') {
        expect(placed.statusCode, placed.body).toBe(201);
        const order = orderSchema.parse(placed.json());
        expect(order.payment).toEqual({
          method: 'card',
          brand: 'Visa',
          last4: '4242',
          liabilityShift: shift,
        });
        expect(order.paymentMethod).toBe('Visa ending 4242');
        expect(paypal.captureCount).toBe(captures + 1);
        return;
      }
      expect(placed.statusCode).toBe(402);
      expect(placed.json()).toEqual({
        code: 'PAYMENT_NOT_AUTHENTICATED',
        message: NOT_AUTHENTICATED[outcome],
      });
      expect(paypal.captureCount).toBe(captures);
      expect(paypal.orders.get(payment.id)?.status).toBe('APPROVED');
      expect(await orderCount(shop.database)).toBe(orders);
      expect(await stockOf(shop.database, productId)).toBe(stock);
    },
  );

  it('refuses a card with no 3-D Secure result at all', async () => {
    const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
    paypal.approveCard(payment.id, { brand: 'VISA', last_digits: '4242' });
    const captures = paypal.captureCount;
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode).toBe(402);
    expect(placed.json()).toMatchObject({ code: 'PAYMENT_NOT_AUTHENTICATED' });
    expect(paypal.captureCount).toBe(captures);
  });

  it.each(PAYPAL_TABLE.filter(([, , , outcome]) => outcome === 'noThreeDS'))(
    'takes a card with no 3-D Secure to be had when the owner says so: enrolment %s',
    async (...row) => {
      await setPayments({ acceptNoLiabilityShift: true });
      const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
      paypal.approveCard(payment.id, {
        brand: 'MASTERCARD',
        last_digits: '4444',
        authentication: authenticationOf(row),
      });
      const placed = await placeOrder(shop, customer.token, payment.id, lines());
      expect(placed.statusCode, placed.body).toBe(201);
      expect(orderSchema.parse(placed.json()).payment).toEqual({
        method: 'card',
        brand: 'Mastercard',
        last4: '4444',
        liabilityShift: 'NO',
      });
    },
  );

  it('still refuses a failed check when the owner takes cards without 3-D Secure', async () => {
    await setPayments({ acceptNoLiabilityShift: true });
    const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
    paypal.approveCard(payment.id, {
      brand: 'VISA',
      last_digits: '4242',
      authentication: authenticationOf(['Y', 'N', 'NO', 'failed']),
    });
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode).toBe(402);
    expect(placed.json()).toMatchObject({ code: 'PAYMENT_NOT_AUTHENTICATED' });
  });

  it('lets the shopper give a second card after the bank declines the first', async () => {
    const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
    const passed = authenticationOf(['Y', 'Y', 'YES', 'captured']);
    paypal.approveCard(payment.id, {
      brand: 'VISA',
      last_digits: '0002',
      authentication: passed,
      declines: true,
    });
    const captures = paypal.captureCount;
    const declined = await placeOrder(shop, customer.token, payment.id, lines());
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      code: 'PAYMENT_DECLINED',
      message: 'Your payment was declined. Please try another card or PayPal account.',
    });
    expect(paypal.captureCount).toBe(captures);

    paypal.approveCard(payment.id, { brand: 'AMEX', last_digits: '0005', authentication: passed });
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.paymentMethod).toBe('American Express ending 0005');
    expect(paypal.captureCount).toBe(captures + 1);
    // The order reads the same to its buyer afterwards, and its mail says how it was paid.
    const again = await call('GET', `/api/orders/${order._id}`, customer.token);
    expect(orderSchema.parse(again.json()).payment).toEqual(order.payment);
    const mail = await shop.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', customer.email)
      .where('subject', 'like', `%${order.orderNumber}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('\nPaid by: American Express ending 0005\n');
  });

  it('takes Apple Pay, checked on the device, as the wallet it is', async () => {
    await setPayments({ applePay: true, applePayDomainFile: 'apple-file' });
    const payment = await openPayment(shop, customer.token, lines(), { method: 'apple-pay' });
    paypal.approveWallet(payment.id, 'apple_pay');
    const placed = await placeOrder(shop, customer.token, payment.id, lines());
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.paymentMethod).toBe('Apple Pay');
    expect(order.payment).toEqual({
      method: 'apple-pay',
      brand: 'Visa',
      last4: '1111',
      liabilityShift: null,
    });
    await setPayments({ applePay: false });
  });

  it('takes Google Pay by its 3-D Secure result when it has one', async () => {
    const taken = await openPayment(shop, customer.token, lines(), { method: 'google-pay' });
    paypal.approveWallet(taken.id, 'google_pay', {
      authentication: authenticationOf(['Y', 'Y', 'YES', 'captured']),
    });
    const placed = await placeOrder(shop, customer.token, taken.id, lines());
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json())).toMatchObject({
      paymentMethod: 'Google Pay',
      payment: { method: 'google-pay', liabilityShift: 'YES' },
    });

    const refused = await openPayment(shop, customer.token, lines(), { method: 'google-pay' });
    paypal.approveWallet(refused.id, 'google_pay', {
      authentication: authenticationOf(['Y', 'R', 'NO', 'failed']),
    });
    const captures = paypal.captureCount;
    const answer = await placeOrder(shop, customer.token, refused.id, lines());
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ code: 'PAYMENT_NOT_AUTHENTICATED' });
    expect(paypal.captureCount).toBe(captures);
  });

  it('refunds a card order as the PayPal capture it is', async () => {
    const payment = await openPayment(shop, customer.token, lines(), { method: 'card' });
    paypal.approveCard(payment.id, {
      brand: 'VISA',
      last_digits: '4242',
      authentication: authenticationOf(['Y', 'Y', 'YES', 'captured']),
    });
    const order = orderSchema.parse(
      (await placeOrder(shop, customer.token, payment.id, lines())).json(),
    );
    const captureId = paypal.orders.get(payment.id)?.captures[0]?.id ?? '';
    const refunded = await call('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: 10,
      reason: 'Scratched clasp',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(paypal.refundedPence(captureId)).toBe(1000);
    const seen = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}`, admin.token)).json(),
    );
    expect(seen.payment?.liabilityShift).toBe('YES');
  });

  it('tells the checkout which ways to pay are on and where PayPal’s script is', async () => {
    await setPayments({ card: true, googlePay: false, payLaterMessages: true });
    const config = paymentConfigSchema.parse((await call('GET', '/api/config/paypal')).json());
    expect(config).toMatchObject({
      provider: 'paypal',
      methods: { card: true, applePay: false, googlePay: false, payLaterMessages: true },
      sdkUrl: paypal.sdkUrl,
      googlePaySdkUrl: paypal.googlePaySdkUrl,
    });
    await setPayments({ payLaterMessages: false });
  });

  it('serves Apple Pay’s domain file while Apple Pay is on, and refuses Apple Pay without one', async () => {
    const address = '/.well-known/apple-developer-merchantid-domain-association';
    expect((await call('GET', address)).statusCode).toBe(404);
    const now = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const withoutFile = await call('PUT', '/api/settings', admin.token, {
      ...now,
      payments: { ...now.payments, applePay: true, applePayDomainFile: '  ' },
    });
    expect(withoutFile.statusCode).toBe(400);
    expect(JSON.stringify(withoutFile.json())).toContain('payments.applePayDomainFile');
    const withBell = await call('PUT', '/api/settings', admin.token, {
      ...now,
      payments: { ...now.payments, applePay: true, applePayDomainFile: 'abc\u0007def' },
    });
    expect(withBell.statusCode).toBe(400);

    const file = '7B227073704964223A2236343939';
    await setPayments({ applePay: true, applePayDomainFile: file });
    const served = await call('GET', address);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.body).toBe(file);
    await setPayments({ applePay: false });
    expect((await call('GET', address)).statusCode).toBe(404);
  });
});
