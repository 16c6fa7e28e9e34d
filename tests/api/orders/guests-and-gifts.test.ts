import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { myOrdersPageSchema } from '../../../src/shared/orders/orders';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { vatReportSchema } from '../../../src/shared/reports/vat';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { outboxMailsTo } from '../../support/mail-messages';
import {
  ADDRESS,
  openPayment,
  orderCount,
  placeOrder,
  postAs,
  stockOf,
} from '../../support/order-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../../support/paypal-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
/** A guest's parcel address, with everything a link must never show. */
const GUEST_ADDRESS = { ...ADDRESS, line2: 'Flat 3', phone: '07700 900123' };
const LINK = new RegExp(`^${PUBLIC_URL}/order/([^?]+)\\?key=([A-Za-z0-9_-]{43})$`);

type Lines = { product: string; qty: number }[];

/** The key of a guest's order, read from the link its answer carries. */
function keyOf(order: Order): string {
  const match = LINK.exec(order.orderLink ?? '');
  if (!match?.[2]) throw new Error(`no order link in ${JSON.stringify(order)}`);
  return match[2];
}

describe.each(testDialects())('guests and gifts on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL });
    customer = await addUser(shop, { name: 'Gwen Guest' });
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  let addressCount = 0;
  /** A client address of its own, so that one test's guest payments do not count in another's. */
  const freshClient = () => `198.51.100.${String((addressCount += 1))}`;

  const inject = (
    method: 'GET' | 'POST',
    url: string,
    { token, payload, from }: { token?: string; payload?: object; from?: string } = {},
  ) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
      ...(from ? { remoteAddress: from } : {}),
    });

  async function guestBuys(
    email: string,
    lines: Lines,
    extra: Record<string, unknown> = {},
  ): Promise<Order> {
    const details = { email, shippingAddress: GUEST_ADDRESS, ...extra };
    const from = freshClient();
    const paying = await inject('POST', '/api/payments', {
      payload: { orderItems: lines, ...details },
      from,
    });
    expect(paying.statusCode, paying.body).toBe(200);
    const placing = await inject('POST', '/api/orders', {
      payload: {
        orderItems: lines,
        paymentMethod: 'PayPal',
        paymentResult: { id: paying.json<{ id: string }>().id },
        ...details,
      },
      from,
    });
    expect(placing.statusCode, placing.body).toBe(201);
    return orderSchema.strict().parse(placing.json());
  }

  describe('guest checkout', () => {
    it('takes a whole purchase without an account, and links the order by a key kept hashed', async () => {
      const pendant = await addProduct(shop.database, { pricePence: 2450, countInStock: 4 });
      const lines = [{ product: pendant.id, qty: 1 }];
      const quote = await inject('POST', '/api/orders/quote', { payload: { orderItems: lines } });
      expect(quote.statusCode).toBe(200);

      const order = await guestBuys('June.Guest@Example.com', lines);
      expect(order.user).toBeNull();
      expect(order.totalPrice).toBe(29.49);
      const key = keyOf(order);
      expect(order.orderLink).toBe(`${PUBLIC_URL}/order/${order._id}?key=${key}`);
      expect(await stockOf(shop.database, pendant.id)).toBe(3);

      const stored = await shop.database.db
        .selectFrom('orders')
        .select(['guest_key_hash', 'user_email', 'user_id'])
        .where('id', '=', order._id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ user_email: 'june.guest@example.com', user_id: null });
      expect(stored.guest_key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.guest_key_hash).not.toContain(key);

      const mails = await outboxMailsTo(
        path.join(shop.config.dataDir, 'outbox'),
        'june.guest@example.com',
      );
      expect(mails[0]?.text).toContain(order.orderLink);
    });

    it('shows the order by its link without the street, phone or email', async () => {
      const ring = await addProduct(shop.database, { pricePence: 4000, countInStock: 2 });
      const order = await guestBuys('lena@example.com', [{ product: ring.id, qty: 1 }], {
        notes: 'Leave it with the neighbour at number 14',
      });
      const seen = await inject('GET', `/api/orders/${order._id}?key=${keyOf(order)}`);
      expect(seen.statusCode).toBe(200);
      const shown = orderSchema.strict().parse(seen.json());
      expect(shown).toMatchObject({
        _id: order._id,
        status: 'paid',
        totalPrice: 44.99,
        user: null,
        shippingAddress: { name: 'Olive Order', city: 'Hebden Bridge', postalCode: 'HX7' },
        orderItems: [{ product: ring.id, qty: 1, price: 40 }],
      });
      expect(shown.orderLink).toBeUndefined();
      for (const secret of [
        '12 Mill Lane',
        'Flat 3',
        '07700 900123',
        'lena@example.com',
        'HX7 8AB',
        'neighbour',
      ]) {
        expect(seen.body).not.toContain(secret);
      }
    });

    it('answers 404 to a wrong key or another order’s key, and 401 to no key and no token', async () => {
      const chain = await addProduct(shop.database, { pricePence: 1500, countInStock: 5 });
      const first = await guestBuys('ada@example.com', [{ product: chain.id, qty: 1 }]);
      const second = await guestBuys('ada@example.com', [{ product: chain.id, qty: 1 }]);
      const wrongKey = `${keyOf(first).slice(0, -1)}${keyOf(first).endsWith('A') ? 'B' : 'A'}`;
      for (const url of [
        `/api/orders/${first._id}?key=${wrongKey}`,
        `/api/orders/${first._id}?key=${keyOf(second)}`,
        `/api/orders/no-such-order?key=${keyOf(first)}`,
      ]) {
        const answer = await inject('GET', url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
      }
      expect((await inject('GET', `/api/orders/${first._id}`)).statusCode).toBe(401);
      expect((await inject('GET', `/api/orders/${first._id}?key=`)).statusCode).toBe(400);
      // A signed-in customer without the key sees no guest's order either.
      const other = await inject('GET', `/api/orders/${first._id}`, { token: customer.token });
      expect(other.statusCode).toBe(404);
    });

    it('refuses to pay or order without a token or an email, and a payment made by another email', async () => {
      const hat = await addProduct(shop.database, { pricePence: 1800, countInStock: 5 });
      const lines = [{ product: hat.id, qty: 1 }];
      const noEmail = await inject('POST', '/api/payments', {
        payload: { orderItems: lines, shippingAddress: GUEST_ADDRESS },
      });
      expect(noEmail.statusCode).toBe(401);
      const badEmail = await inject('POST', '/api/payments', {
        payload: { orderItems: lines, shippingAddress: GUEST_ADDRESS, email: 'not an email' },
      });
      expect(badEmail.statusCode).toBe(400);

      const payment = await openPayment(shop, undefined, lines, { email: 'kim@example.com' });
      const before = await orderCount(shop.database);
      const byAnother = await placeOrder(shop, undefined, payment.id, lines, {
        email: 'someone.else@example.com',
      });
      expect(byAnother.statusCode).toBe(404);
      const byCustomer = await placeOrder(shop, customer.token, payment.id, lines);
      expect(byCustomer.statusCode).toBe(404);
      expect(await orderCount(shop.database)).toBe(before);
      expect(await stockOf(shop.database, hat.id)).toBe(5);
    });

    it('lets the guest cancel with the key while the order is not dispatched', async () => {
      const tee = await addProduct(shop.database, { pricePence: 2200, countInStock: 3 });
      const order = await guestBuys('cora@example.com', [{ product: tee.id, qty: 2 }]);
      expect(await stockOf(shop.database, tee.id)).toBe(1);
      const wrong = await inject('POST', `/api/orders/${order._id}/cancel?key=${'x'.repeat(43)}`);
      expect(wrong.statusCode).toBe(404);
      const noKey = await inject('POST', `/api/orders/${order._id}/cancel`);
      expect(noKey.statusCode).toBe(401);
      expect(await stockOf(shop.database, tee.id)).toBe(1);

      const cancelled = await inject('POST', `/api/orders/${order._id}/cancel?key=${keyOf(order)}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const shown = orderSchema.parse(cancelled.json());
      expect(shown.status).toBe('cancelled');
      expect(shown.refundedTotal).toBe(shown.totalPrice);
      expect(shown.shippingAddress.address).toBe('');
      expect(await stockOf(shop.database, tee.id)).toBe(3);
      const again = await inject('POST', `/api/orders/${order._id}/cancel?key=${keyOf(order)}`);
      expect(again.statusCode).toBe(409);
    });

    it('is added to the account of the customer signed in with its email, and only theirs', async () => {
      const pendant = await addProduct(shop.database, { pricePence: 3000, countInStock: 3 });
      const order = await guestBuys(customer.email.toUpperCase(), [
        { product: pendant.id, qty: 1 },
      ]);
      const key = keyOf(order);

      const stranger = await addUser(shop);
      const refused = await inject('POST', `/api/orders/${order._id}/claim?key=${key}`, {
        token: stranger.token,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ORDER_EMAIL_DIFFERS' });
      expect((await inject('GET', `/api/orders/${order._id}?key=${key}`)).statusCode).toBe(200);
      const noToken = await inject('POST', `/api/orders/${order._id}/claim?key=${key}`);
      expect(noToken.statusCode).toBe(401);
      const wrongKey = await inject(
        'POST',
        `/api/orders/${order._id}/claim?key=${'y'.repeat(43)}`,
        {
          token: customer.token,
        },
      );
      expect(wrongKey.statusCode).toBe(404);

      const claimed = await inject('POST', `/api/orders/${order._id}/claim?key=${key}`, {
        token: customer.token,
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(orderSchema.parse(claimed.json()).user).toEqual({
        _id: customer.id,
        name: 'Gwen Guest',
      });
      const mine = await inject('GET', '/api/orders/myorders', { token: customer.token });
      expect(myOrdersPageSchema.parse(mine.json()).orders.map((each) => each._id)).toContain(
        order._id,
      );
      // Once in the account, the old link's key opens nothing.
      expect((await inject('GET', `/api/orders/${order._id}?key=${key}`)).statusCode).toBe(404);
      const twice = await inject('POST', `/api/orders/${order._id}/claim?key=${key}`, {
        token: customer.token,
      });
      expect(twice.statusCode).toBe(404);
    });

    it('limits the payments guests open from one address, and not those of customers', async () => {
      const sock = await addProduct(shop.database, { pricePence: 500, countInStock: 100 });
      const payload = {
        orderItems: [{ product: sock.id, qty: 1 }],
        shippingAddress: GUEST_ADDRESS,
        email: 'busy@example.com',
      };
      const from = freshClient();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const answer = await inject('POST', '/api/payments', { payload, from });
        expect(answer.statusCode).toBe(200);
      }
      const over = await inject('POST', '/api/payments', { payload, from });
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      const elsewhere = await inject('POST', '/api/payments', { payload, from: freshClient() });
      expect(elsewhere.statusCode).toBe(200);
      const signedIn = await inject('POST', '/api/payments', {
        payload,
        from,
        token: customer.token,
      });
      expect(signedIn.statusCode).toBe(200);
    });
  });

  describe('gifts', () => {
    const vatNow = async () =>
      vatReportSchema.parse(
        (await inject('GET', '/api/reports/vat', { token: admin.token })).json(),
      );

    it('carries the message and the wrap through quote, payment, order and the VAT', async () => {
      const pendant = await addProduct(shop.database, { pricePence: 5800, countInStock: 2 });
      const lines = [{ product: pendant.id, qty: 1 }];
      const gift = { message: 'Happy birthday, Mum!\nLove from us both', wrap: true };
      const quote = await inject('POST', '/api/orders/quote', {
        payload: { orderItems: lines, gift },
      });
      // Free delivery looks at the items alone: £58.00 is below it, wrap or not.
      expect(quoteSchema.parse(quote.json())).toMatchObject({
        itemsPrice: 58,
        shippingPrice: 4.99,
        giftWrapPrice: 3.5,
        totalPrice: 66.49,
        taxPrice: 11.08,
      });
      const vatBefore = await vatNow();
      const order = await guestBuys('mo@example.com', lines, { gift });
      expect(order).toMatchObject({
        gift,
        giftWrapPrice: 3.5,
        totalPrice: 66.49,
        taxPrice: 11.08,
      });
      const vatAfter = await vatNow();
      expect(vatAfter.sales.gross - vatBefore.sales.gross).toBeCloseTo(66.49, 2);
      expect(vatAfter.sales.vat - vatBefore.sales.vat).toBeCloseTo(11.08, 2);

      const seen = await inject('GET', `/api/orders/${order._id}?key=${keyOf(order)}`);
      expect(orderSchema.parse(seen.json()).gift).toEqual(gift);
      const mails = await outboxMailsTo(path.join(shop.config.dataDir, 'outbox'), 'mo@example.com');
      expect(mails[0]?.text).toContain('Gift wrap: £3.50');
      expect(mails[0]?.text).toContain('Happy birthday, Mum!\nLove from us both');
    });

    it('makes a gift without wrap or message a gift all the same, at no extra cost', async () => {
      const chain = await addProduct(shop.database, { pricePence: 1200, countInStock: 2 });
      const payment = await openPayment(shop, customer.token, [{ product: chain.id, qty: 1 }], {
        gift: {},
      });
      expect(payment.totalPrice).toBe(16.99);
      const placed = await placeOrder(
        shop,
        customer.token,
        payment.id,
        [{ product: chain.id, qty: 1 }],
        {
          gift: {},
        },
      );
      expect(placed.statusCode).toBe(201);
      expect(orderSchema.parse(placed.json())).toMatchObject({
        gift: { message: '', wrap: false },
        giftWrapPrice: 0,
      });
    });

    it('refuses a message over 250 characters or with control characters, changing nothing', async () => {
      const ring = await addProduct(shop.database, { pricePence: 2000, countInStock: 2 });
      const lines = [{ product: ring.id, qty: 1 }];
      const payment = await openPayment(shop, customer.token, lines);
      const before = await orderCount(shop.database);
      for (const gift of [
        { message: 'x'.repeat(251) },
        { message: 'Love\u0007you' },
        { message: 42 },
        { wrap: 'yes' },
        'a gift',
      ]) {
        const quote = await inject('POST', '/api/orders/quote', {
          payload: { orderItems: lines, gift },
        });
        expect(quote.statusCode, JSON.stringify(gift)).toBe(400);
        const paying = await postAs(shop, customer.token, '/api/payments', {
          orderItems: lines,
          shippingAddress: ADDRESS,
          gift,
        });
        expect(paying.statusCode).toBe(400);
        const placing = await placeOrder(shop, customer.token, payment.id, lines, { gift });
        expect(placing.statusCode).toBe(400);
        expect(placing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      const longest = await inject('POST', '/api/orders/quote', {
        payload: { orderItems: lines, gift: { message: 'x'.repeat(250) } },
      });
      expect(longest.statusCode).toBe(200);
      expect(await orderCount(shop.database)).toBe(before);
      expect(await stockOf(shop.database, ring.id)).toBe(2);
    });
  });
});

describe.each(testDialects())('a guest paying through PayPal on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let shop: TestShop;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    shop = await startTestShop(dialect, { ...payPalEnvironment(paypal), PUBLIC_URL });
  });
  afterAll(async () => {
    await shop.close();
    await paypal.close();
  });

  it('pays for a wrapped gift, which PayPal shows as a line of its own', async () => {
    const pendant = await addProduct(shop.database, { pricePence: 2450, countInStock: 2 });
    const lines = [{ product: pendant.id, qty: 1 }];
    const gift = { message: 'For you', wrap: true };
    const payment = await openPayment(shop, undefined, lines, { email: 'pat@example.com', gift });
    expect(payment.totalPrice).toBe(32.99);
    const unit = paypal.orders.get(payment.id)?.purchaseUnit;
    expect(unit?.amount.value).toBe('32.99');
    expect(unit?.items?.map((item) => [item.name, item.unit_amount.value])).toContainEqual([
      'Gift wrap',
      '3.50',
    ]);
    paypal.approve(payment.id, { email: 'pat.paypal@example.com' });
    const placed = await placeOrder(shop, undefined, payment.id, lines, {
      email: 'pat@example.com',
      gift,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order).toMatchObject({ user: null, gift, giftWrapPrice: 3.5, totalPrice: 32.99 });
    expect(paypal.orders.get(payment.id)?.captures).toHaveLength(1);

    // The same payment sent again makes no second order, and shows the guest's order, not the street.
    const again = await placeOrder(shop, undefined, payment.id, lines, {
      email: 'pat@example.com',
      gift,
    });
    expect(again.statusCode).toBe(200);
    expect(orderSchema.parse(again.json())).toMatchObject({ _id: order._id });
    expect(again.body).not.toContain(ADDRESS.address);

    const cancelled = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel?key=${keyOf(order)}`,
    });
    expect(cancelled.statusCode).toBe(200);
    const captureId = paypal.orders.get(payment.id)?.captures[0]?.id;
    expect(paypal.refunds).toContain(captureId);
  });
});
