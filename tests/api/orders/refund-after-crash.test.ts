import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrder } from '../../../src/server/orders/orders.repository';
import { recordRefundOwed } from '../../../src/server/orders/order-writes.repository';
import { createPaymentProvider } from '../../../src/server/payments/payment-providers';
import { findRefund } from '../../../src/server/payments/refund-ledger.repository';
import { recordRefund } from '../../../src/server/payments/refunds.service';
import { REFUNDABLE_STATUSES } from '../../../src/shared/orders/order-status';
import { orderSchema } from '../../../src/shared/orders/orders';
import { addUser, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('a refund a crash left waiting on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let paypalEnvironment: Record<string, string>;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    paypalEnvironment = payPalEnvironment(paypal);
  });
  afterAll(() => paypal.close());

  /** A paid order, as a customer makes one through PayPal. */
  async function paidOrder(shop: TestShop, customer: TestUser) {
    const product = await addProduct(shop.database, { pricePence: 2500, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines);
    paypal.approve(payment.id, { email: 'olive@personal.example.com' });
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const stored = await findOrder(shop.database.db, orderSchema.parse(placed.json())._id);
    if (!stored) throw new Error('the order was not stored');
    return stored;
  }

  it('asks PayPal again with the same key after a restart: the money goes back once, recorded and mailed once', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-refund-crash-'));
    // Two instances share one database: on SQLite, a file both can open.
    const databaseFile: Record<string, string> =
      dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {};
    const first = await startTestShop(dialect, { ...paypalEnvironment, ...databaseFile });
    const shared = { ...paypalEnvironment, DATA_DIR: first.config.dataDir };
    let second: TestShop | undefined;
    try {
      const customer = await addUser(first);
      const order = await paidOrder(first, customer);

      // What an admin's refund does before it asks PayPal: the amount owed and a pending refund.
      const refundId = await first.database.db.transaction().execute(async (trx) => {
        await recordRefundOwed(trx, order.id, order.totalPence, REFUNDABLE_STATUSES);
        const recorded = await recordRefund(trx, {
          paymentId: order.paymentId,
          captureId: order.captureId,
          orderId: order.id,
          amountPence: order.totalPence,
          reason: 'Returned unworn',
          createdBy: 'Ada Admin',
        });
        return recorded.id;
      });
      // PayPal takes it; the shop stops before it hears back. Minutes pass.
      const pending = await findRefund(first.database.db, refundId);
      if (!pending) throw new Error('the refund was not recorded');
      await createPaymentProvider(
        first.config.payment,
        first.database,
        first.app.log,
      ).refundCapture(order.captureId, {
        amountPence: order.totalPence,
        requestId: pending.requestId,
      });
      // The shop that asked held the refund for five minutes after recording it; they are over.
      const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000).toISOString();
      const fiveMinutesAgo = new Date(Date.now() - 5 * 60 * 1000).toISOString();
      await sql`update refunds set created_at = ${tenMinutesAgo}, asked_until = ${fiveMinutesAgo}
        where id = ${refundId}`.execute(first.database.db);

      // The shop starts again (another instance, on the same database and mail folder).
      second = await startTestShop(dialect, shared, { sameDatabaseAs: first });
      const outbox = path.join(first.config.dataDir, 'outbox');
      const mail = await waitForMail(outbox, customer.email, (candidate) =>
        (candidate.header('subject') ?? '').startsWith('A refund on your'),
      );
      expect(mail?.text).toContain('We have refunded £29.99 to the account you paid with');

      expect(paypal.refundedPence(order.captureId)).toBe(order.totalPence);
      expect(paypal.refunds.filter((capture) => capture === order.captureId)).toHaveLength(1);
      expect((await findRefund(first.database.db, refundId))?.status).toBe('succeeded');
      const seen = orderSchema.parse(
        (
          await second.app.inject({
            method: 'GET',
            url: `/api/orders/${order.id}`,
            headers: { authorization: `Bearer ${customer.token}` },
          })
        ).json(),
      );
      expect(seen.status).toBe('refunded');
      expect(seen.refundedTotal).toBe(29.99);

      // Whatever either instance does next, the shop has stored one refund mail for the customer.
      await second.close();
      second = undefined;
      const stored = await first.database.db
        .selectFrom('mail_outbox')
        .select('subject')
        .where('recipient', '=', customer.email)
        .execute();
      expect(stored.filter(({ subject }) => subject.startsWith('A refund on your'))).toHaveLength(
        1,
      );
    } finally {
      await second?.close();
      await first.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
