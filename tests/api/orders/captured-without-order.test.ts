import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentProvider } from '../../../src/server/payments/payment-providers';
import {
  CAPTURED_WITHOUT_ORDER,
  reconcilePayments,
} from '../../../src/server/payments/reconciler.service';
import { paymentWithoutOrderSchema } from '../../../src/shared/payments/payments';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, orderCount, placeOrder, type Lines } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { refuseInserts } from '../../support/refuse-inserts';
import { relayedTestDatabase, type RelayedDatabase } from '../../support/relayed-database';
import { startTestShop, type TestShop } from '../../support/test-shop';

const MINUTE_MS = 60 * 1000;

/** Moves a payment's clock back, as if it had been opened `minutes` ago and left alone since. */
async function age(shop: TestShop, paymentId: string, minutes: number) {
  const then = new Date(Date.now() - minutes * MINUTE_MS).toISOString();
  await shop.database.db
    .updateTable('payments')
    .set({ created_at: then, check_after: then })
    .where('id', '=', paymentId)
    .execute();
}

const ledgerOf = async (shop: TestShop, paymentId: string) =>
  shop.database.db
    .selectFrom('payments')
    .select(['status', 'capture_id'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();

async function paymentsWithoutOrder(shop: TestShop, admin: TestUser) {
  const answer = await shop.request('/api/payments/without-order', {
    headers: bearer(admin.token),
  });
  expect(answer.status).toBe(200);
  return paymentWithoutOrderSchema.array().parse(await answer.json());
}

describe.each(testDialects())('payments taken without an order on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;
  let lines: Lines;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal));
    customer = await addUser(shop, { name: 'Rita Reconcile' });
    admin = await addUser(shop, { role: 'admin' });
    const product = await addProduct(shop.database, { pricePence: 3200, countInStock: 50 });
    lines = [{ product: product.id, qty: 1 }];
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });

  /** One pass of the reconciler, as every instance runs it each minute, at a moment of our own. */
  const reconcileAt = (now: Date) =>
    reconcilePayments(
      {
        database: shop.database,
        payments: createPaymentProvider(shop.config.payment, shop.database, shop.app.log),
        log: shop.app.log,
      },
      now,
    );

  async function approvedPayment() {
    const payment = await openPayment(shop, customer.token, lines);
    paypal.approve(payment.id);
    return payment;
  }

  const lookUps = (paymentId: string) =>
    paypal.requests.filter(
      (request) => request.method === 'GET' && request.path === `/v2/checkout/orders/${paymentId}`,
    ).length;

  it('leaves a payment nobody captured to be paid later, asking about it less and less', async () => {
    const payment = await approvedPayment();
    await age(shop, payment.id, 6);
    await reconcileAt(new Date());
    expect(lookUps(payment.id)).toBe(1);
    expect((await ledgerOf(shop, payment.id)).status).toBe('opened');
    // Not asked again until it has waited as long again as it had been open.
    await reconcileAt(new Date(Date.now() + 5 * MINUTE_MS));
    expect(lookUps(payment.id)).toBe(1);
    await reconcileAt(new Date(Date.now() + 7 * MINUTE_MS));
    expect(lookUps(payment.id)).toBe(2);

    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(paypal.refunds).not.toContain(paypal.orders.get(payment.id)?.captures[0]?.id);
  });

  it('never gives back a payment whose order is being placed', async () => {
    const payment = await approvedPayment();
    // Opened long enough ago to be looked at: the shopper took their time in PayPal's window.
    await age(shop, payment.id, 8);
    paypal.beforeCaptureAnswer(() => reconcileAt(new Date()));
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const captureId = paypal.orders.get(payment.id)?.captures[0]?.id ?? '';
    expect(paypal.refundedPence(captureId)).toBe(0);
    expect((await ledgerOf(shop, payment.id)).status).toBe('fulfilled');
  });

  it('gives back a capture the shop noted but could not make an order of or refund', async () => {
    const payment = await approvedPayment();
    const ordersBefore = await orderCount(shop.database);
    // The order cannot be stored, and nor can the refund of its payment: the shop stops there.
    await refuseInserts(shop, 'orders', true);
    await refuseInserts(shop, 'refunds', true);
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    await refuseInserts(shop, 'orders', false);
    await refuseInserts(shop, 'refunds', false);
    expect(placed.statusCode).toBe(500);
    const captured = await ledgerOf(shop, payment.id);
    expect(captured.status).toBe('captured');

    // Within the hold nothing happens; once it has passed, the capture goes back whole.
    await reconcileAt(new Date(Date.now() + 2 * MINUTE_MS));
    expect(paypal.refundedPence(captured.capture_id ?? '')).toBe(0);
    await reconcileAt(new Date(Date.now() + 6 * MINUTE_MS));
    expect(paypal.refundedPence(captured.capture_id ?? '')).toBe(3200 + 499);
    expect((await ledgerOf(shop, payment.id)).status).toBe('refunded');
    expect(await orderCount(shop.database)).toBe(ordersBefore);

    const listed = (await paymentsWithoutOrder(shop, admin)).find(
      (entry) => entry.paymentId === payment.id,
    );
    expect(listed).toMatchObject({
      captureId: captured.capture_id,
      amount: 36.99,
      reason: CAPTURED_WITHOUT_ORDER,
      refund: { status: 'succeeded' },
    });

    // The shopper trying again is told the payment is closed, and no order is made of it.
    const again = await placeOrder(shop, customer.token, payment.id, lines);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAYMENT_CLOSED' });
    expect(await orderCount(shop.database)).toBe(ordersBefore);
  });

  it('lists payments without an order for admins only', async () => {
    expect((await shop.request('/api/payments/without-order')).status).toBe(401);
    const asCustomer = await shop.request('/api/payments/without-order', {
      headers: bearer(customer.token),
    });
    expect(asCustomer.status).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the database cut off just after PayPal took the money',
  () => {
    let database: RelayedDatabase;
    let paypal: PayPalStandIn;
    let shop: TestShop;
    let later: TestShop | undefined;
    let customer: TestUser;
    let admin: TestUser;

    beforeAll(async () => {
      database = await relayedTestDatabase();
      paypal = await startPayPalStandIn();
      shop = await startTestShop('postgres', {
        ...payPalEnvironment(paypal),
        DATABASE_URL: database.url,
      });
      customer = await addUser(shop);
      admin = await addUser(shop, { role: 'admin' });
    });

    afterAll(async () => {
      await database.heal();
      await later?.close();
      await shop.close();
      await database.close();
      await paypal.close();
    });

    it('is found once the database is back, given back in full, and shown to admins', async () => {
      const product = await addProduct(shop.database, { pricePence: 4200, countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, customer.token, lines);
      paypal.approve(payment.id);
      paypal.beforeCaptureAnswer(() => database.relay.cut());

      const placed = await placeOrder(shop, customer.token, payment.id, lines);
      expect(placed.statusCode).toBe(503);
      const captureId = paypal.orders.get(payment.id)?.captures[0]?.id ?? '';
      expect(paypal.orders.get(payment.id)?.status).toBe('COMPLETED');

      await database.relay.restore();
      await vi.waitFor(async () => expect((await shop.request('/api/health')).status).toBe(200), {
        timeout: 15_000,
        interval: 200,
      });
      expect((await ledgerOf(shop, payment.id)).status).toBe('opened');
      // As if the outage had lasted past the hold: the next instance to start looks at once.
      await age(shop, payment.id, 10);
      later = await startTestShop('postgres', payPalEnvironment(paypal), { sameDatabaseAs: shop });

      // PayPal answers the refund before the shop records that answer: wait for both.
      await vi.waitFor(
        async () => {
          expect(paypal.refundedPence(captureId)).toBe(4200 + 499);
          expect(await paymentsWithoutOrder(shop, admin)).toEqual([
            expect.objectContaining({
              paymentId: payment.id,
              captureId,
              amount: 46.99,
              reason: CAPTURED_WITHOUT_ORDER,
              refund: expect.objectContaining({ status: 'succeeded' }) as unknown,
            }),
          ]);
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(await orderCount(shop.database)).toBe(0);
    });
  },
);
