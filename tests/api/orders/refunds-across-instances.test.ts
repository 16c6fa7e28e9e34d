import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findOrder } from '../../../src/server/orders/orders.repository';
import { recordRefundOwed } from '../../../src/server/orders/order-writes.repository';
import { findRefund } from '../../../src/server/payments/refund-ledger.repository';
import { holdForAsking, recordRefund } from '../../../src/server/payments/refunds.service';
import { REFUNDABLE_STATUSES } from '../../../src/shared/orders/order-status';
import { orderSchema } from '../../../src/shared/orders/orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const MINUTE_MS = 60 * 1000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS).toISOString();

describe.each(testDialects())('refunds asked for by one instance at a time on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let folder: string;
  let environment: Record<string, string>;
  let first: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    folder = await mkdtemp(path.join(tmpdir(), 'shop-refund-askers-'));
    // Instances share one database: on SQLite, a file they can all open.
    environment = {
      ...payPalEnvironment(paypal),
      ...(dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {}),
    };
    first = await startTestShop(dialect, environment);
    customer = await addUser(first, { name: 'Rhea Return' });
    admin = await addUser(first, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(async () => {
    await first.close();
    await paypal.close();
    await rm(folder, { recursive: true, force: true });
  });

  const anotherInstance = () => startTestShop(dialect, environment, { sameDatabaseAs: first });

  /** A paid order, as a customer makes one through PayPal. */
  async function paidOrder() {
    const product = await addProduct(first.database, { pricePence: 2500, countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(first, customer.token, lines);
    paypal.approve(payment.id);
    const placed = await placeOrder(first, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const stored = await findOrder(first.database.db, orderSchema.parse(placed.json())._id);
    if (!stored) throw new Error('the order was not stored');
    return stored;
  }

  /**
   * What an admin's refund records before it asks PayPal, left there by a crash ten minutes ago:
   * the amount owed and a pending refund whose asker's hold ended five minutes ago.
   */
  async function refundLeftPending(order: Awaited<ReturnType<typeof paidOrder>>) {
    const { db } = first.database;
    const id = await db.transaction().execute(async (trx) => {
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
    await sql`update refunds set created_at = ${minutesAgo(10)}, asked_until = ${minutesAgo(5)}
      where id = ${id}`.execute(db);
    return id;
  }

  const refundCalls = (captureId: string) =>
    paypal.requests.filter(
      (request) =>
        request.method === 'POST' && request.path === `/v2/payments/captures/${captureId}/refund`,
    ).length;

  const historyOf = async (orderId: string) => {
    const answer = await first.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: bearer(admin.token),
    });
    const order = orderSchema.parse(answer.json());
    return { status: order.status, events: order.events?.map((event) => event.type) ?? [] };
  };

  const statusOf = async (refundId: string) =>
    (await findRefund(first.database.db, refundId))?.status;

  it('asks PayPal once for each refund a crash left, however many instances look at once', async () => {
    const orders = [await paidOrder(), await paidOrder(), await paidOrder(), await paidOrder()];
    const refunds: string[] = [];
    for (const order of orders) refunds.push(await refundLeftPending(order));
    // PayPal answers slowly, so that the instances' looks overlap.
    paypal.delayRefunds(300);
    const instances: TestShop[] = [];
    try {
      // Three instances start at once; each looks for refunds left pending as it starts.
      instances.push(...(await Promise.all([1, 2, 3].map(() => anotherInstance()))));
      await vi.waitFor(
        async () => {
          for (const refund of refunds) expect(await statusOf(refund)).toBe('succeeded');
        },
        { timeout: 30_000, interval: 100 },
      );
    } finally {
      // Each waits, as it closes, for the look it is in to end.
      for (const instance of instances) await instance.close();
      paypal.delayRefunds(0);
    }
    for (const order of orders) {
      expect(refundCalls(order.captureId)).toBe(1);
      expect(paypal.refundedPence(order.captureId)).toBe(order.totalPence);
      expect(await historyOf(order.id)).toEqual({
        status: 'refunded',
        events: ['placed', 'refunded'],
      });
    }
  }, 60_000);

  it('writes nothing for a refusal heard by an instance whose hold another took over', async () => {
    const order = await paidOrder();
    const refundId = await refundLeftPending(order);
    const slowCall = paypal.holdNextRefund();
    let slow: TestShop | undefined;
    let quick: TestShop | undefined;
    try {
      // One instance takes the refund and asks PayPal, whose answer is slow to come.
      slow = await anotherInstance();
      await slowCall.arrived;
      // Five minutes pass: its hold is over, and another instance takes the refund and asks.
      await sql`update refunds set asked_until = ${minutesAgo(0.1)}
        where id = ${refundId}`.execute(first.database.db);
      const quickCall = paypal.holdNextRefund();
      quick = await anotherInstance();
      await quickCall.arrived;

      // The first hears PayPal refuse its call: that is no longer its to record.
      slowCall.refuse();
      await slow.close();
      slow = undefined;
      expect(await statusOf(refundId)).toBe('pending');
      expect(await historyOf(order.id)).toEqual({ status: 'paid', events: ['placed'] });

      // The other's call goes through, and is recorded once.
      quickCall.pass();
      await vi.waitFor(async () => expect(await statusOf(refundId)).toBe('succeeded'), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await slow?.close();
      await quick?.close();
    }
    expect(await historyOf(order.id)).toEqual({
      status: 'refunded',
      events: ['placed', 'refunded'],
    });
    expect(paypal.refundedPence(order.captureId)).toBe(order.totalPence);
    expect(refundCalls(order.captureId)).toBe(2);
  }, 60_000);

  it('writes nothing for a refusal heard after another instance has settled the refund', async () => {
    const order = await paidOrder();
    const refundId = await refundLeftPending(order);
    const slowCall = paypal.holdNextRefund();
    let slow: TestShop | undefined;
    let quick: TestShop | undefined;
    try {
      slow = await anotherInstance();
      await slowCall.arrived;
      await sql`update refunds set asked_until = ${minutesAgo(0.1)}
        where id = ${refundId}`.execute(first.database.db);
      // Another instance takes the refund over and hears yes first.
      quick = await anotherInstance();
      await vi.waitFor(async () => expect(await statusOf(refundId)).toBe('succeeded'), {
        timeout: 20_000,
        interval: 50,
      });
      slowCall.refuse();
      await slow.close();
      slow = undefined;
    } finally {
      await slow?.close();
      await quick?.close();
    }
    expect(await historyOf(order.id)).toEqual({
      status: 'refunded',
      events: ['placed', 'refunded'],
    });
  }, 60_000);

  it('answers an admin’s retry 409 while another asker holds the refund, and takes it after', async () => {
    const order = await paidOrder();
    const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
      first.app.inject({ method, url, headers: bearer(admin.token), ...(payload && { payload }) });
    paypal.refuseRefunds(1);
    const refused = await send('POST', `/api/orders/${order.id}/refunds`, {
      amount: order.totalPence / 100,
      reason: 'Lost in the post',
    });
    expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED' });
    const owed = (await send('GET', '/api/refunds/failed'))
      .json<{ _id: string; orderId: string | null }[]>()
      .find((refund) => refund.orderId === order.id);
    const failed = owed && (await findRefund(first.database.db, owed._id));
    if (!failed) throw new Error('the refused refund is not listed');

    // Another admin's retry, on another instance, is asking PayPal right now.
    expect(await holdForAsking(first.database.db, failed, ['failed'])).toBeDefined();
    const meanwhile = await send('POST', `/api/refunds/${failed.id}/retry`);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'REFUND_BEING_ASKED' });

    // That asker died; five minutes on, the retry is taken.
    await sql`update refunds set asked_until = ${minutesAgo(0.1)}
      where id = ${failed.id}`.execute(first.database.db);
    const retried = await send('POST', `/api/refunds/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await historyOf(order.id)).toEqual({
      status: 'refunded',
      events: ['placed', 'refund_failed', 'refunded'],
    });
  });
});
