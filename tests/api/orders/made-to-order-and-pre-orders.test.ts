import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deskSchema } from '../../../src/shared/desk/desk';
import { orderSchema } from '../../../src/shared/orders/orders';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { deliveryAnswerSchema } from '../../../src/shared/delivery/delivery';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import {
  openPayment,
  orderCount,
  placeOrder,
  postAs,
  stockOf,
  type Lines,
} from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** Monday 7 December 2026, 9am in London: before the 2pm cut-off, so taken the same day. */
const MONDAY = new Date('2026-12-07T09:00:00Z');

describe.each(testDialects())('made to order and pre-orders on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;
  let customer: TestUser;
  let rival: TestUser;
  let staff: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, payPalEnvironment(paypal));
    customer = await addUser(shop, { name: 'Olive Order' });
    rival = await addUser(shop, { name: 'Rita Rival' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (now: Date) => vi.useFakeTimers({ toFake: ['Date'], now, shouldAdvanceTime: true });

  const captureCalls = (paymentId: string) =>
    paypal.requests.filter(
      (request) => request.path === `/v2/checkout/orders/${paymentId}/capture`,
    );

  async function buy(lines: Lines, buyer: TestUser = customer) {
    const payment = await openPayment(shop, buyer.token, lines);
    paypal.approve(payment.id, { email: 'olive@personal.example.com' });
    const placed = await placeOrder(shop, buyer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    return orderSchema.parse(placed.json());
  }

  const quote = async (lines: Lines) =>
    postAs(shop, customer.token, '/api/orders/quote', { orderItems: lines });

  const desk = async (reader: TestUser = staff) =>
    deskSchema.parse((await call('GET', '/api/admin/desk', reader.token)).json());

  it('sells a made-to-order jumper beyond its stock, dispatched after its lead days (bank holidays skipped)', async () => {
    at(MONDAY);
    const jumper = await addProduct(shop.database, {
      name: 'Knitted To Order Jumper',
      pricePence: 16500,
      countInStock: 0,
      madeToOrder: { leadDays: 15 },
    });
    const shown = productDetailSchema.parse(
      (await call('GET', `/api/products/${jumper.id}`)).json(),
    );
    expect(shown).toMatchObject({ madeToOrder: { leadDays: 15 }, preorder: null });

    const answer = deliveryAnswerSchema.parse(
      (await call('GET', `/api/delivery?items=${jumper.id}:1`)).json(),
    );
    // 15 working days from Monday 7 December, past Christmas and the substitute Boxing Day.
    expect(answer.services[0]?.estimate).toEqual({
      dispatch: '2026-12-30',
      from: '2027-01-04',
      to: '2027-01-05',
    });

    const lines = [{ product: jumper.id, qty: 3 }];
    const priced = quoteSchema.parse((await quote(lines)).json());
    expect(priced.lines[0]).toMatchObject({ madeToOrder: { leadDays: 15 }, preorder: null });
    const order = await buy(lines);
    expect(order.delivery?.estimate).toEqual(answer.services[0]?.estimate);
    expect(order.orderItems[0]).toMatchObject({
      qty: 3,
      madeToOrder: { leadDays: 15 },
      preorder: null,
    });
    // Never counted against stock.
    expect(await stockOf(shop.database, jumper.id)).toBe(0);

    // The order keeps its promise when the product changes later.
    await shop.database.db
      .updateTable('products')
      .set({ made_to_order_days: null })
      .where('id', '=', jumper.id)
      .execute();
    const read = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}`, customer.token)).json(),
    );
    expect(read.orderItems[0]?.madeToOrder).toEqual({ leadDays: 15 });

    const line = (await desk()).toMake.find((made) => made.order === order._id);
    expect(line).toEqual({
      order: order._id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      customer: { name: 'Olive Order', email: customer.email },
      product: jumper.id,
      variant: null,
      name: 'Knitted To Order Jumper',
      variantLabel: null,
      sku: null,
      qty: 3,
      madeToOrder: { leadDays: 15 },
      preorder: null,
      personalisation: null,
      dueDay: '2026-12-30',
      late: false,
    });
    // Days after an ordinary order would be late, it is not: it is due on the 30th.
    at(new Date('2026-12-29T17:00:00Z'));
    const before = await desk();
    expect(before.toMake.find((made) => made.order === order._id)?.late).toBe(false);
    expect(before.toDispatch.find((waiting) => waiting._id === order._id)?.late).toBe(false);
    at(new Date('2026-12-31T09:00:00Z'));
    // Signed in that day: a session from weeks before has run out.
    const after = await desk(await addUser(shop, { role: 'staff', name: 'Nell New Year' }));
    expect(after.toMake.find((made) => made.order === order._id)?.late).toBe(true);
    expect(after.toDispatch.find((waiting) => waiting._id === order._id)?.late).toBe(true);
  });

  it('sells a pre-order up to its limit before its release date, dispatched from it', async () => {
    at(MONDAY);
    const pendant = await addProduct(shop.database, {
      name: 'Solstice Pendant',
      countInStock: 0,
      preorder: { releaseDate: '2026-12-21', limit: 3 },
    });
    const answer = deliveryAnswerSchema.parse(
      (await call('GET', `/api/delivery?items=${pendant.id}:1`)).json(),
    );
    expect(answer.services[0]?.estimate).toEqual({
      dispatch: '2026-12-21',
      from: '2026-12-23',
      to: '2026-12-24',
    });
    const order = await buy([{ product: pendant.id, qty: 2 }]);
    expect(order.orderItems[0]).toMatchObject({
      madeToOrder: null,
      preorder: { releaseDate: '2026-12-21' },
    });
    expect(order.delivery?.estimate.dispatch).toBe('2026-12-21');
    const shown = productDetailSchema.parse(
      (await call('GET', `/api/products/${pendant.id}`)).json(),
    );
    expect(shown.preorder).toEqual({ releaseDate: '2026-12-21', limit: 3, left: 1 });

    const over = await quote([{ product: pendant.id, qty: 2 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'PREORDER_SOLD_OUT',
      message: 'Sorry, only 1 more of Solstice Pendant can be pre-ordered (you asked for 2)',
    });
    expect((await desk()).toMake.find((made) => made.order === order._id)).toMatchObject({
      preorder: { releaseDate: '2026-12-21' },
      dueDay: '2026-12-21',
      late: false,
    });
  });

  it('sells the last pre-order unit to one of two buyers paying at once; the other is refused', async () => {
    at(MONDAY);
    const pendant = await addProduct(shop.database, {
      name: 'Last Solstice Pendant',
      countInStock: 0,
      preorder: { releaseDate: '2026-12-21', limit: 1 },
    });
    const lines = [{ product: pendant.id, qty: 1 }];
    const first = await openPayment(shop, customer.token, lines);
    const second = await openPayment(shop, rival.token, lines);
    paypal.approve(first.id, { email: 'olive@personal.example.com' });
    paypal.approve(second.id, { email: 'rita@personal.example.com' });
    const before = await orderCount(shop.database);
    const answers = await Promise.all([
      placeOrder(shop, customer.token, first.id, lines),
      placeOrder(shop, rival.token, second.id, lines),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await orderCount(shop.database)).toBe(before + 1);
    const refused = answers.find((answer) => answer.statusCode === 409);
    const refusedId = refused === answers[0] ? first.id : second.id;
    if (captureCalls(refusedId).length > 0) {
      // Captured before the limit was reached: the money went straight back.
      expect(refused?.json()).toEqual({
        code: 'PREORDER_SOLD_OUT',
        message:
          'Sorry, the last of Last Solstice Pendant on pre-order went while you were paying. Your payment has been refunded and no order was made.',
      });
      expect(paypal.refunds).toContain(paypal.orders.get(refusedId)?.captures[0]?.id);
    } else {
      expect(refused?.json()).toEqual({
        code: 'PREORDER_SOLD_OUT',
        message: 'Sorry, Last Solstice Pendant is sold out on pre-order',
      });
    }
    const shown = productDetailSchema.parse(
      (await call('GET', `/api/products/${pendant.id}`)).json(),
    );
    expect(shown.preorder).toEqual({ releaseDate: '2026-12-21', limit: 1, left: 0 });
  });

  it('sells a pre-order from stock once its release date has come', async () => {
    const pendant = await addProduct(shop.database, {
      name: 'Released Pendant',
      countInStock: 0,
      preorder: { releaseDate: '2026-12-21', limit: 10 },
    });
    at(new Date('2026-12-21T09:00:00Z'));
    const lines = [{ product: pendant.id, qty: 1 }];
    const none = await quote(lines);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message: 'Sorry, Released Pendant is out of stock',
    });
    await shop.database.db
      .updateTable('products')
      .set({ count_in_stock: 2 })
      .where('id', '=', pendant.id)
      .execute();
    const order = await buy(lines);
    expect(order.orderItems[0]).toMatchObject({ madeToOrder: null, preorder: null });
    expect(order.delivery?.estimate.dispatch).toBe('2026-12-21');
    expect(await stockOf(shop.database, pendant.id)).toBe(1);
    expect((await desk()).toMake.some((made) => made.order === order._id)).toBe(false);
  });
});
