import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { newId } from '../../../src/server/sql/ids';
import type { Database } from '../../../src/server/db/schema';
import { addAlert } from '../../../src/server/stock-alerts/stock-alerts.repository';
import { deskSchema, type Desk, type SalesDay } from '../../../src/shared/desk/desk';
import type { OrderStatus } from '../../../src/shared/orders/order-status';
import { failedRefundSchema } from '../../../src/shared/payments/payments';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { addRefundRow, addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/**
 * The desk is read at noon in London on Wednesday 1 April 2026 (11:00 UTC: summer time began on
 * Sunday 29 March), so its UK days are fixed: today began at 23:00 UTC on 31 March, and the 30 days
 * before the last 30 began on 1 February, in winter time.
 */
const NOW = new Date('2026-04-01T11:00:00.000Z');

interface OrderFixture {
  paidAt: string;
  totalPence: number;
  status?: OrderStatus;
  quantities?: number[];
  returnRequest?: { reason: string; at: string };
}

/** An order put straight into the database, as checkout would have stored it when it was paid. */
async function addOrder(db: Kysely<Database>, customer: TestUser, order: OrderFixture) {
  const { id } = await addStoredOrder(db, customer, {
    paidAt: order.paidAt,
    totalPence: order.totalPence,
    items: (order.quantities ?? [1]).map((qty, index) => ({
      productId: null,
      variantId: null,
      variantLabel: null,
      sku: null,
      name: `Line ${index + 1}`,
      brand: 'Larkspur',
      image: '/uploads/pendant.webp',
      pricePence: 100,
      qty,
    })),
  });
  await db
    .updateTable('orders')
    .set({
      status: order.status ?? 'paid',
      return_reason: order.returnRequest?.reason ?? null,
      return_requested_at: order.returnRequest?.at ?? null,
    })
    .where('id', '=', id)
    .execute();
  return { id, ...order };
}

describe('LOW_STOCK', () => {
  it('is 3 unless set, and a whole number from 0', () => {
    const base = {
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/shop-config-test',
      JWT_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig(base).lowStock).toBe(3);
    expect(loadConfig({ ...base, LOW_STOCK: '5' }).lowStock).toBe(5);
    expect(loadConfig({ ...base, LOW_STOCK: '0' }).lowStock).toBe(0);
    for (const wrong of ['-1', '2.5', 'few']) {
      expect(() => loadConfig({ ...base, LOW_STOCK: wrong }), wrong).toThrow(/LOW_STOCK/);
    }
  });
});

describe.each(testDialects())("the owner's desk on %s", (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  const call = apiCaller(() => shop);
  const orders: Record<string, { id: string; paidAt: string; totalPence: number }> = {};
  const products: Record<string, { id: string; variants?: string[] }> = {};

  beforeAll(async () => {
    // The clock alone is set (and keeps running from there); timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
    customer = await addUser(shop, { name: 'Olive Order', email: 'olive@example.com' });
    const { db } = shop.database;
    const add = async (name: string, order: OrderFixture) => {
      orders[name] = await addOrder(db, customer, order);
    };
    // Paid 00:30 in London today (23:30 UTC yesterday): today's.
    await add('todayEarly', {
      paidAt: '2026-03-31T23:30:00.000Z',
      totalPence: 1000,
      quantities: [2, 1],
    });
    // Paid 23:30 in London yesterday: not today's.
    await add('lastNight', {
      paidAt: '2026-03-31T22:30:00.000Z',
      totalPence: 100,
      status: 'dispatched',
    });
    await add('friday', { paidAt: '2026-03-27T10:00:00.000Z', totalPence: 2000 });
    await add('monday', { paidAt: '2026-03-30T08:00:00.000Z', totalPence: 550 });
    await add('tenDaysAgo', {
      paidAt: '2026-03-22T12:00:00.000Z',
      totalPence: 3000,
      status: 'delivered',
    });
    await add('returned', {
      paidAt: '2026-03-20T12:00:00.000Z',
      totalPence: 1200,
      status: 'return_requested',
      returnRequest: { reason: 'Too small for me', at: '2026-03-30T10:00:00.000Z' },
    });
    await add('firstOfThirty', {
      paidAt: '2026-03-03T00:00:00.000Z',
      totalPence: 200,
      status: 'delivered',
    });
    await add('lastOfPrevious', {
      paidAt: '2026-03-02T23:59:59.999Z',
      totalPence: 300,
      status: 'delivered',
    });
    await add('old', { paidAt: '2026-02-15T12:00:00.000Z', totalPence: 4000, status: 'delivered' });
    await add('ancient', {
      paidAt: '2026-01-10T12:00:00.000Z',
      totalPence: 9900,
      status: 'delivered',
    });

    // Recorded on the 28th, gone through on the 29th: the 29th's.
    await addRefundRow(db, {
      orderId: orders.tenDaysAgo?.id ?? '',
      amountPence: 400,
      status: 'succeeded',
      createdAt: '2026-03-28T10:00:00.000Z',
      settledAt: '2026-03-29T10:00:00.000Z',
    });
    // Refused by the provider: owed, never counted as given back.
    await addRefundRow(db, {
      orderId: orders.monday?.id ?? '',
      amountPence: 600,
      status: 'failed',
      createdAt: '2026-03-31T09:00:00.000Z',
      settledAt: '2026-03-31T09:00:01.000Z',
    });
    // A payment that made no order, given back: no order's money either way.
    await addRefundRow(db, {
      orderId: null,
      amountPence: 5000,
      status: 'succeeded',
      createdAt: '2026-04-01T09:00:00.000Z',
      settledAt: '2026-04-01T09:00:01.000Z',
    });
    // Given back today on an order paid in February: today's refunds, February's sale.
    const refund = await call('POST', `/api/orders/${orders.old?.id ?? ''}/refunds`, admin.token, {
      amount: 15,
      reason: 'One earring was missing',
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const pendant = await addProduct(shop.database, { name: 'Two Left Pendant', countInStock: 2 });
    const three = await addProduct(shop.database, { name: 'Three Left Pendant', countInStock: 3 });
    const four = await addProduct(shop.database, { name: 'Four Left Pendant', countInStock: 4 });
    const scarf = await addProduct(shop.database, { name: 'Waited Scarf', countInStock: 0 });
    await addProduct(shop.database, { name: 'Unwanted Hat', countInStock: 0 });
    await addProduct(shop.database, { name: 'Draft Brooch', countInStock: 1, status: 'draft' });
    const ring = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M', 'L'] }],
      [
        { options: { Size: 'S' }, countInStock: 1 },
        { options: { Size: 'M' }, countInStock: 0 },
        { options: { Size: 'L' }, countInStock: 10 },
      ],
      { name: 'Stacking Ring', countInStock: 11 },
    );
    const draftRing = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S'] }],
      [{ options: { Size: 'S' }, countInStock: 0 }],
      { name: 'Draft Ring', countInStock: 0, status: 'draft' },
    );
    products.pendant = pendant;
    products.three = three;
    products.four = four;
    products.scarf = scarf;
    products.ring = { id: ring.product.id, variants: ring.variantIds };
    const [small, medium, large] = ring.variantIds;
    const wait = (productId: string, variantId: string | null, email: string) =>
      addAlert(db, { id: newId(), productId, variantId, email });
    await wait(ring.product.id, medium ?? null, 'first@example.com');
    await wait(ring.product.id, medium ?? null, 'second@example.com');
    await wait(ring.product.id, small ?? null, 'small@example.com');
    // Back in stock, its mail not sent yet: nothing to restock.
    await wait(ring.product.id, large ?? null, 'large@example.com');
    await wait(scarf.id, null, 'scarf@example.com');
    await wait(draftRing.product.id, draftRing.variantIds[0] ?? null, 'draft@example.com');
  }, 60_000);

  afterAll(async () => {
    await shop.close();
    vi.useRealTimers();
  });

  async function deskAs(user: TestUser): Promise<Desk> {
    const response = await call('GET', '/api/admin/desk', user.token);
    expect(response.statusCode, response.body).toBe(200);
    return deskSchema.strict().parse(response.json());
  }

  const idOf = (name: string) => orders[name]?.id;

  describe('who may read it', () => {
    it('refuses a guest (401) and a customer (403)', async () => {
      const guest = await call('GET', '/api/admin/desk');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const shopper = await call('GET', '/api/admin/desk', customer.token);
      expect(shopper.statusCode).toBe(403);
      expect(shopper.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('shows staff the work and not the money', async () => {
      const desk = await deskAs(staff);
      expect(desk.sales).toBeNull();
      expect(desk.daily).toBeNull();
      expect(desk.toDispatch.map((order) => order._id)).toEqual(
        ['friday', 'monday', 'todayEarly'].map(idOf),
      );
      expect(desk.returnsRequested).toHaveLength(1);
      expect(desk.failedRefunds).toHaveLength(1);
      expect(desk.lowStock.length).toBeGreaterThan(0);
    });

    it('shows the owner the same work, and the money', async () => {
      const [owner, forStaff] = [await deskAs(admin), await deskAs(staff)];
      expect({ ...owner, sales: null, daily: null, cameBack: null }).toEqual(forStaff);
      expect(owner.cameBack).toEqual({
        reminders: { sent: 0, recovered: 0, gross: 0 },
        newsletters: [],
      });
      expect(owner.sales).not.toBeNull();
      expect(owner.daily).toHaveLength(30);
    });
  });

  describe('the work', () => {
    it('lists every paid order not yet sent, oldest first, with its customer, items and total', async () => {
      const { toDispatch } = await deskAs(staff);
      const first = toDispatch[2];
      expect(first).toEqual({
        _id: idOf('todayEarly'),
        orderNumber: expect.stringMatching(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/) as string,
        createdAt: '2026-03-31T23:30:00.000Z',
        customer: { name: 'Olive Order', email: 'olive@example.com' },
        items: 3,
        totalPrice: 10,
        workingDaysWaiting: 0,
        late: false,
        // Placed as the shop took orders before delivery services: late after 2 working days.
        collect: false,
        dispatchBy: null,
      });
    });

    it('counts working days since payment: paid on a Friday, late on the Wednesday after', async () => {
      const { toDispatch } = await deskAs(staff);
      const waiting = Object.fromEntries(
        toDispatch.map((order) => [order._id, [order.workingDaysWaiting, order.late]]),
      );
      // Friday to Wednesday: Monday, Tuesday and Wednesday; the weekend does not count.
      expect(waiting[idOf('friday') ?? '']).toEqual([3, true]);
      expect(waiting[idOf('monday') ?? '']).toEqual([2, false]);
      expect(waiting[idOf('todayEarly') ?? '']).toEqual([0, false]);
    });

    it('lists the returns asked for, with the reason, its kind and who asked', async () => {
      const { returnsRequested } = await deskAs(staff);
      expect(returnsRequested).toEqual([
        {
          _id: idOf('returned'),
          orderNumber: expect.any(String) as string,
          requestedAt: '2026-03-30T10:00:00.000Z',
          reason: 'Too small for me',
          // Asked for before returns said why: a change of mind.
          kind: 'changed-mind',
          customer: { name: 'Olive Order', email: 'olive@example.com' },
        },
      ]);
    });

    it('lists the refunds the provider refused, as the failed refunds list does', async () => {
      const { failedRefunds } = await deskAs(staff);
      const listed = await call('GET', '/api/refunds/failed', admin.token);
      expect(listed.statusCode).toBe(200);
      expect(failedRefunds).toEqual(failedRefundSchema.array().parse(listed.json()));
      expect(failedRefunds).toEqual([
        expect.objectContaining({ orderId: idOf('monday'), amount: 6 }),
      ]);
    });

    it('lists what is sold out and waited for, most waited first, then what runs low, fewest first', async () => {
      const { lowStock } = await deskAs(staff);
      const [small, medium] = products.ring?.variants ?? [];
      expect(lowStock).toEqual([
        {
          product: products.ring?.id,
          variant: medium,
          name: 'Stacking Ring',
          variantLabel: 'Size: M',
          countInStock: 0,
          waiting: 2,
        },
        {
          product: products.scarf?.id,
          variant: null,
          name: 'Waited Scarf',
          variantLabel: null,
          countInStock: 0,
          waiting: 1,
        },
        {
          product: products.ring?.id,
          variant: small,
          name: 'Stacking Ring',
          variantLabel: 'Size: S',
          countInStock: 1,
          waiting: 1,
        },
        {
          product: products.pendant?.id,
          variant: null,
          name: 'Two Left Pendant',
          variantLabel: null,
          countInStock: 2,
          waiting: 0,
        },
        {
          product: products.three?.id,
          variant: null,
          name: 'Three Left Pendant',
          variantLabel: null,
          countInStock: 3,
          waiting: 0,
        },
      ]);
    });
  });

  describe('the money', () => {
    it('sums the orders paid and the refunds made in each stretch of UK days, in pounds', async () => {
      const { sales } = await deskAs(admin);
      expect(sales).toEqual({
        // £10 paid today; £15 given back today on February's order.
        today: { orders: 1, gross: 10, refunds: 15, net: -5, averageOrder: 10 },
        // £10 + £1 + £20 + £5.50; refunds £15 + £4 (gone through on the 29th).
        last7Days: { orders: 4, gross: 36.5, refunds: 19, net: 17.5, averageOrder: 9.13 },
        // And £30, £12 and £2 (paid at the first instant of the 30 days).
        last30Days: { orders: 7, gross: 80.5, refunds: 19, net: 61.5, averageOrder: 11.5 },
        // £40 in February and £3 paid a millisecond before the 30 days.
        previous30Days: { orders: 2, gross: 43, refunds: 0, net: 43, averageOrder: 21.5 },
      });
    });

    it('answers each of the last 30 UK days, oldest first, a day without sales as zeros', async () => {
      const { daily } = await deskAs(admin);
      const sold: Record<string, Omit<SalesDay, 'date'>> = {
        '2026-03-03': { orders: 1, gross: 2, refunds: 0 },
        '2026-03-20': { orders: 1, gross: 12, refunds: 0 },
        '2026-03-22': { orders: 1, gross: 30, refunds: 0 },
        '2026-03-27': { orders: 1, gross: 20, refunds: 0 },
        '2026-03-29': { orders: 0, gross: 0, refunds: 4 },
        '2026-03-30': { orders: 1, gross: 5.5, refunds: 0 },
        '2026-03-31': { orders: 1, gross: 1, refunds: 0 },
        '2026-04-01': { orders: 1, gross: 10, refunds: 15 },
      };
      const days = Array.from({ length: 30 }, (_, index) =>
        new Date(Date.UTC(2026, 2, 3 + index)).toISOString().slice(0, 10),
      );
      expect(days.at(-1)).toBe('2026-04-01');
      expect(daily).toEqual(
        days.map((date) => ({ date, ...(sold[date] ?? { orders: 0, gross: 0, refunds: 0 }) })),
      );
    });

    it('counts a later refund on the day it is made, never on the day of its order', async () => {
      const refund = await call(
        'POST',
        `/api/orders/${idOf('ancient') ?? ''}/refunds`,
        admin.token,
        {
          amount: 0.99,
          reason: 'A late goodwill gesture',
        },
      );
      expect(refund.statusCode, refund.body).toBe(200);
      const { sales, daily } = await deskAs(admin);
      expect(sales?.today).toEqual({
        orders: 1,
        gross: 10,
        refunds: 15.99,
        net: -5.99,
        averageOrder: 10,
      });
      expect(sales?.previous30Days.refunds).toBe(0);
      expect(daily?.at(-1)).toEqual({ date: '2026-04-01', orders: 1, gross: 10, refunds: 15.99 });
    });
  });
});
