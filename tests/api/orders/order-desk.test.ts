import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderPageSchema, orderSchema, type Order } from '../../../src/shared/orders/orders';
import { bulkDispatchAnswerSchema, slipsSchema } from '../../../src/shared/orders/order-desk';
import { newId } from '../../../src/server/sql/ids';
import { freeOrderNumber } from '../../../src/server/orders/checkout/order-numbers';
import { insertOrder } from '../../../src/server/orders/order-writes.repository';
import { indexUnsearchedOrders } from '../../../src/server/orders/search-orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { ADDRESS, openPayment, placeOrder, type Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

describe.each(testDialects())("the back office's orders on %s", (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let staff: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { SHOP_EMAIL: 'orders@larkspur.example' });
    customer = await addUser(shop, { name: 'Olive Order' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Packer' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => shop.close());

  const send = (method: Method, url: string, token?: string, payload?: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function buy(lines: Lines, extra: Record<string, unknown> = {}, who = customer) {
    const payment = await openPayment(shop, who.token, lines, extra);
    const response = await placeOrder(shop, who.token, payment.id, lines, extra);
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  async function anOrder(extra: Record<string, unknown> = {}, who = customer) {
    const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
    return buy([{ product: product.id, qty: 1 }], extra, who);
  }

  const search = async (query: string, token = staff.token) => {
    const response = await send('GET', `/api/orders?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return adminOrderPageSchema.parse(response.json());
  };
  const foundIds = async (query: string) => (await search(query)).orders.map((o) => o._id);

  const waitingMails = async (to: string, subject: RegExp) => {
    const rows = await shop.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', to)
      .execute();
    return rows.filter((row) => subject.test(row.subject)).length;
  };

  describe('who may do what', () => {
    it('lets staff read and send orders, and keeps them from everything else', async () => {
      const order = await anOrder();
      const product = await addProduct(shop.database);
      const calls: [Method, string, unknown?][] = [
        ['GET', '/api/orders'],
        ['GET', `/api/orders/${order._id}`],
        ['POST', `/api/orders/${order._id}/notes`, { text: 'Rang: leave with neighbour' }],
        ['GET', '/api/admin/products'],
        ['GET', `/api/admin/products/${product.id}`],
      ];
      for (const [method, url, body] of calls) {
        expect((await send(method, url, undefined, body)).statusCode, url).toBe(401);
        const asCustomer = await send(method, url, customer.token, body);
        expect(asCustomer.statusCode, url).toBe(url.endsWith(order._id) ? 200 : 403);
        expect((await send(method, url, staff.token, body)).statusCode, url).toBeLessThan(300);
        expect((await send(method, url, admin.token, body)).statusCode, url).toBeLessThan(300);
      }
      const ownersOnly: [Method, string, unknown?][] = [
        ['GET', '/api/audit'],
        ['GET', '/api/users'],
        ['PUT', `/api/users/${customer.id}`, { name: 'X', email: 'x@example.com', role: 'admin' }],
        ['DELETE', `/api/users/${customer.id}`],
        ['GET', '/api/vouchers'],
        ['POST', '/api/vouchers'],
        ['POST', '/api/products'],
        ['DELETE', `/api/products/${product.id}`],
        ['GET', '/api/refunds/failed'],
        ['POST', `/api/orders/${order._id}/refunds`, { amount: 1, reason: 'x', restock: [] }],
        ['GET', '/api/payments/without-order'],
      ];
      for (const [method, url, body] of ownersOnly) {
        expect((await send(method, url, undefined, body)).statusCode, url).toBe(401);
        expect((await send(method, url, customer.token, body)).statusCode, url).toBe(403);
        expect((await send(method, url, staff.token, body)).statusCode, url).toBe(403);
      }
      expect((await send('GET', '/api/audit', admin.token)).statusCode).toBe(200);
    });

    it('lets staff change stock and nothing else of a product', async () => {
      const product = await addProduct(shop.database, { pricePence: 3000, countInStock: 2 });
      const read = await send('GET', `/api/admin/products/${product.id}`, staff.token);
      const current = read.json<Record<string, unknown>>();
      const body = {
        name: current.name,
        price: current.price,
        image: current.image,
        brand: current.brand,
        category: current.category,
        countInStock: current.countInStock,
        description: current.description,
      };
      const restocked = await send('PUT', `/api/products/${product.id}`, staff.token, {
        ...body,
        countInStock: 9,
      });
      expect(restocked.statusCode, restocked.body).toBe(200);
      expect(restocked.json()).toMatchObject({ countInStock: 9, price: 30 });
      const repriced = await send('PUT', `/api/products/${product.id}`, staff.token, {
        ...body,
        price: 1,
      });
      expect(repriced.statusCode).toBe(403);
      expect(repriced.json()).toMatchObject({ code: 'FORBIDDEN' });
      const after = await send('GET', `/api/admin/products/${product.id}`, admin.token);
      expect(after.json()).toMatchObject({ countInStock: 9, price: 30 });
    });
  });

  describe('every order has a number to read out', () => {
    it('answers it with the order, unique and not in sequence', async () => {
      const first = await anOrder();
      const second = await anOrder();
      for (const order of [first, second]) {
        expect(order.orderNumber).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      }
      expect(first.orderNumber).not.toBe(second.orderNumber);
    });

    it("shows staff the customer's email beside the address, and never the customer", async () => {
      const order = await anOrder({
        shippingAddress: { ...ADDRESS, phone: '07700 900123' },
      });
      const seen = orderSchema.parse(
        (await send('GET', `/api/orders/${order._id}`, staff.token)).json(),
      );
      expect(seen.email).toBe(customer.email);
      expect(seen.shippingAddress.phone).toBe('07700 900123');
      const own = orderSchema.parse(
        (await send('GET', `/api/orders/${order._id}`, customer.token)).json(),
      );
      expect(own.email).toBeUndefined();
      expect(own.events).toBeUndefined();
    });
  });

  it('mails the shop each new order, cancellation and return, replying to the customer', async () => {
    const buyer = await addUser(shop, { name: 'Rhoda Reply' });
    const kept = await anOrder({}, buyer);
    const cancelled = await anOrder({}, buyer);
    expect(
      (await send('POST', `/api/orders/${cancelled._id}/cancel`, buyer.token)).statusCode,
    ).toBe(200);
    await send('PUT', `/api/orders/${kept._id}/dispatched`, staff.token);
    await send('PUT', `/api/orders/${kept._id}/delivered`, staff.token);
    const returned = await send('POST', `/api/orders/${kept._id}/return`, buyer.token, {
      reason: 'Too small',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const mails = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'headers'])
      .where('recipient', '=', 'orders@larkspur.example')
      .execute();
    const about = (order: Order) =>
      mails
        .filter((mail) => mail.subject.includes(order.orderNumber))
        .sort((a, b) => (a.subject < b.subject ? -1 : 1));
    expect(about(kept).map((mail) => mail.subject)).toEqual([
      `New order ${kept.orderNumber} from Rhoda Reply: £24.99`,
      `Return requested for order ${kept.orderNumber}`,
    ]);
    expect(about(cancelled).map((mail) => mail.subject)).toEqual([
      `New order ${cancelled.orderNumber} from Rhoda Reply: £24.99`,
      `Order ${cancelled.orderNumber} cancelled`,
    ]);
    for (const mail of [...about(kept), ...about(cancelled)]) {
      expect(JSON.parse(mail.headers)).toEqual({ 'Reply-To': buyer.email });
      expect(mail.text_body).toMatch(/\/admin\/order\/[0-9a-f]{24}/);
    }
  });

  describe('finding an order', () => {
    let found: Order;
    let other: Order;
    let buyer: TestUser;
    const sku = `PEN-${newId().slice(0, 6).toUpperCase()}`;

    beforeAll(async () => {
      buyer = await addUser(shop, { name: 'Wilhelmina Quartermaine' });
      const { product, variantIds } = await addProductWithVariants(
        shop.database,
        [{ name: 'Length', values: ['45 cm'] }],
        [{ options: { Length: '45 cm' }, sku, countInStock: 4 }],
        { name: 'Moonstone Locket', pricePence: 4500 },
      );
      found = await buy(
        [{ product: product.id, variant: variantIds[0], qty: 1 }],
        { shippingAddress: { ...ADDRESS, name: 'Ottoline Recipient', postalCode: 'SW1A 1AA' } },
        buyer,
      );
      other = await anOrder();
      const dispatched = await send('PUT', `/api/orders/${found._id}/dispatched`, staff.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'AB 123 456 789 GB',
      });
      expect(dispatched.statusCode, dispatched.body).toBe(200);
    });

    it.each([
      ['its number', (order: Order) => order.orderNumber],
      [
        'its number in small letters without the hyphen',
        (o: Order) => o.orderNumber.replace('-', '').toLowerCase(),
      ],
      ['its id', (order: Order) => order._id],
      ['the last characters of its id', (order: Order) => order._id.slice(-6)],
      ["the customer's name", () => 'wilhelmina'],
      ["the customer's surname, begun", () => 'Quarterm'],
      ["the customer's email", () => buyer.email.toUpperCase()],
      ["the recipient's name", () => 'Ottoline'],
      ['the postcode with its space', () => 'SW1A 1AA'],
      ['the postcode without it, in small letters', () => 'sw1a1aa'],
      ['the tracking number', () => 'AB123456789GB'],
      ['a product on its lines', () => 'moonstone locket'],
      ['a SKU on its lines', () => sku.toLowerCase()],
    ])('by %s', async (_what, term) => {
      const page = await search(`q=${encodeURIComponent(term(found))}`);
      expect(page.orders.map((order) => order._id)).toContain(found._id);
      expect(page.orders.map((order) => order._id)).not.toContain(other._id);
      expect(page.total).toBe(page.orders.length);
    });

    it('by status, and says how many it found', async () => {
      const dispatched = await search('status=dispatched');
      expect(dispatched.orders.every((order) => order.status === 'dispatched')).toBe(true);
      expect(dispatched.orders.map((order) => order._id)).toContain(found._id);
      const paid = await search('status=paid');
      expect(paid.orders.map((order) => order._id)).not.toContain(found._id);
      expect(paid.total).toBeGreaterThanOrEqual(1);
    });

    it('by words and status together', async () => {
      const sent = await search('q=wilhelmina&status=dispatched');
      expect(sent.orders.map((order) => order._id)).toEqual([found._id]);
      expect(sent.total).toBe(1);
      expect(await search('q=wilhelmina&status=paid')).toMatchObject({ orders: [], total: 0 });
    });

    it('finds nothing for words no order holds', async () => {
      expect(await search('q=zzyzx-nothing')).toMatchObject({ orders: [], total: 0, pages: 1 });
    });

    it('refuses what it cannot read, with a reason', async () => {
      for (const query of [
        'status=lost',
        'from=2026-13-01',
        'to=26-11-2026',
        'from=2026-02-30',
        'from=2026-11-20&to=2026-11-01',
        `q=${'x'.repeat(101)}`,
      ]) {
        const response = await send('GET', `/api/orders?${query}`, staff.token);
        expect(response.statusCode, query).toBe(400);
        expect(response.json<{ message: string }>().message.length, query).toBeGreaterThan(0);
      }
    });

    it('by the UK days paid, newest first, 20 a page, the last page as the first', async () => {
      const buyer = await addUser(shop, { name: 'Dora Daybook' });
      const created = async (at: string) => {
        const id = newId();
        await insertOrder(shop.database.db, {
          id,
          orderNumber: await freeOrderNumber(shop.database.db),
          userId: buyer.id,
          userName: buyer.name,
          userEmail: buyer.email,
          shippingAddress: { line2: '', county: '', phone: '', ...ADDRESS },
          paymentMethod: 'PayPal',
          itemsPence: 1000,
          shippingPence: 499,
          taxPence: 250,
          voucherName: null,
          voucherCode: null,
          voucherDiscountPence: 0,
          totalPence: 1499,
          notes: '',
          paymentId: `payment-${id}`,
          captureId: `capture-${id}`,
          paymentStatus: 'COMPLETED',
          payerEmail: buyer.email,
          paymentUpdateTime: at,
          paidAt: at,
          createdAt: at,
          items: [
            {
              productId: null,
              variantId: null,
              variantLabel: null,
              sku: null,
              name: 'Daybook Ring',
              brand: 'Larkspur',
              image: '/uploads/ring.webp',
              pricePence: 1000,
              qty: 1,
            },
          ],
        });
        return id;
      };
      // 23:30 UTC on 30 June is 00:30 on 1 July in the UK.
      const lateJune = await created('2024-06-30T22:30:00.000Z');
      const firstJuly = await created('2024-06-30T23:30:00.000Z');
      const july = await Promise.all(
        Array.from({ length: 21 }, (_, day) =>
          created(`2024-07-${String(day + 2).padStart(2, '0')}T12:00:00.000Z`),
        ),
      );
      const one = await search('q=daybook&from=2024-07-01&to=2024-07-31');
      expect(one).toMatchObject({ page: 1, pages: 2, total: 22 });
      expect(one.orders.map((order) => order._id)).toEqual([...july].reverse().slice(0, 20));
      const two = await search('q=daybook&from=2024-07-01&to=2024-07-31&pageNumber=2');
      expect(two.orders.map((order) => order._id)).toEqual([july[0], firstJuly]);
      expect(await foundIds('q=daybook&to=2024-06-30')).toEqual([lateJune]);

      // Orders taken before the search existed are found once the shop starts.
      await shop.database.db.deleteFrom('order_words').where('order_id', '=', lateJune).execute();
      expect(await foundIds('q=daybook&to=2024-06-30')).toEqual([]);
      expect(await indexUnsearchedOrders(shop.database.db)).toBeGreaterThanOrEqual(1);
      expect(await foundIds('q=daybook&to=2024-06-30')).toEqual([lateJune]);
    });
  });

  it('prints a pick list across orders, by name with SKUs, then each order for its slip', async () => {
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, sku: `ZIP-S-${newId().slice(0, 4)}`, countInStock: 9 },
        { options: { Size: 'M' }, sku: `ZIP-M-${newId().slice(0, 4)}`, countInStock: 9 },
      ],
      { name: 'Zigzag Jumper', pricePence: 6000 },
    );
    const plain = await addProduct(shop.database, { name: 'Anchor Chain', countInStock: 9 });
    const small = { product: product.id, variant: variantIds[0], qty: 2 };
    const medium = { product: product.id, variant: variantIds[1], qty: 1 };
    const chain = { product: plain.id, qty: 1 };
    const orders = [
      await buy([small, chain]),
      await buy([medium]),
      await buy([{ ...small, qty: 1 }], { gift: { message: 'For you', wrap: true } }),
    ];
    const ids = orders.map((order) => order._id).join(',');
    const response = await send('GET', `/api/orders/slips?orders=${ids}`, staff.token);
    expect(response.statusCode, response.body).toBe(200);
    const slips = slipsSchema.parse(response.json());
    expect(slips.pickList.map(({ name, variantLabel, qty }) => [name, variantLabel, qty])).toEqual([
      ['Anchor Chain', null, 1],
      ['Zigzag Jumper', 'Size: M', 1],
      ['Zigzag Jumper', 'Size: S', 3],
    ]);
    expect(slips.pickList[2]?.sku).toMatch(/^ZIP-S-/);
    // Each line names the orders it is for, and how many each.
    const forOrders = (at: number) =>
      slips.pickList[at]?.orders.map(({ orderNumber, qty, wrap }) => [orderNumber, qty, wrap]);
    expect(forOrders(0)).toEqual([[orders[0]?.orderNumber, 1, false]]);
    expect(forOrders(1)).toEqual([[orders[1]?.orderNumber, 1, false]]);
    expect(forOrders(2)).toEqual([
      [orders[0]?.orderNumber, 2, false],
      [orders[2]?.orderNumber, 1, true],
    ]);
    expect(slips.orders.map((order) => order._id)).toEqual(orders.map((order) => order._id));

    const missing = await send('GET', `/api/orders/slips?orders=${ids},no-such-order`, staff.token);
    expect(missing.statusCode).toBe(404);
    expect((await send('GET', `/api/orders/slips?orders=${ids}`, customer.token)).statusCode).toBe(
      403,
    );
    for (const query of [
      '',
      'orders=',
      `orders=${Array.from({ length: 201 }, (_, i) => i).join(',')}`,
    ]) {
      expect((await send('GET', `/api/orders/slips?${query}`, staff.token)).statusCode, query).toBe(
        400,
      );
    }
  });

  describe('notes', () => {
    it("keeps staff's notes in the order's history, out of the customer's sight", async () => {
      const order = await anOrder();
      const noted = await send('POST', `/api/orders/${order._id}/notes`, staff.token, {
        text: 'Customer rang.\nLeave with neighbour at 14.',
      });
      expect(noted.statusCode, noted.body).toBe(201);
      const seen = orderSchema.parse(
        (await send('GET', `/api/orders/${order._id}`, admin.token)).json(),
      );
      expect(seen.events?.at(-1)).toMatchObject({
        type: 'note',
        by: 'Sam Packer',
        text: 'Customer rang.\nLeave with neighbour at 14.',
      });
      const own = await send('GET', `/api/orders/${order._id}`, customer.token);
      expect(own.body).not.toContain('neighbour');
      const mine = await send('GET', '/api/orders/myorders', customer.token);
      expect(mine.body).not.toContain('neighbour');
    });

    it('refuses an empty or unreadable note, and one on no order', async () => {
      const order = await anOrder();
      for (const text of ['', '   ', 'x'.repeat(2001), 'bell\u0007', 42]) {
        const response = await send('POST', `/api/orders/${order._id}/notes`, staff.token, {
          text,
        });
        expect(response.statusCode, String(text)).toBe(400);
      }
      const missing = await send('POST', '/api/orders/no-such-order/notes', staff.token, {
        text: 'Hello',
      });
      expect(missing.statusCode).toBe(404);
      const seen = orderSchema.parse(
        (await send('GET', `/api/orders/${order._id}`, admin.token)).json(),
      );
      expect(seen.events?.map((event) => event.type)).toEqual(['placed']);
    });
  });

  describe('dispatching', () => {
    it('checks a tracking number against its carrier', async () => {
      const order = await anOrder();
      const wrong = await send('PUT', `/api/orders/${order._id}/dispatched`, staff.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'hello world',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ message: string }>().message).toContain('AB123456789GB');
      const seen = orderSchema.parse(
        (await send('GET', `/api/orders/${order._id}`, staff.token)).json(),
      );
      expect(seen.status).toBe('paid');
    });

    it('dispatches many at once; a refusal in the middle stops no other, each mailed once', async () => {
      const second = await addUser(shop, { name: 'Bea Bulk' });
      const first = await anOrder();
      const refused = await anOrder();
      const badTracking = await anOrder();
      const byNumber = await anOrder({}, second);
      expect(
        (await send('POST', `/api/orders/${refused._id}/cancel`, customer.token)).statusCode,
      ).toBe(200);
      const response = await send('POST', '/api/orders/dispatch', staff.token, {
        orders: [
          { id: first._id, carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' },
          { id: refused._id },
          { id: badTracking._id, carrier: 'Royal Mail', trackingNumber: 'hello world' },
          { id: 'no-such-order' },
          {
            id: byNumber.orderNumber.replace('-', ' ').toLowerCase(),
            carrier: 'DPD',
            trackingNumber: '15501234567890',
          },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = bulkDispatchAnswerSchema.parse(response.json());
      expect(answer.dispatched).toEqual([first._id, byNumber._id]);
      expect(answer.refused.map(({ id, code }) => ({ id, code }))).toEqual([
        { id: refused._id, code: 'ORDER_NOT_DISPATCHABLE' },
        { id: badTracking._id, code: 'VALIDATION_FAILED' },
        { id: 'no-such-order', code: 'ORDER_NOT_FOUND' },
      ]);
      const dispatchedSubject = /is on its way/;
      expect(await waitingMails(customer.email, dispatchedSubject)).toBeGreaterThanOrEqual(1);
      expect(await waitingMails(second.email, dispatchedSubject)).toBe(1);
      const statuses = await Promise.all(
        [first, refused, badTracking, byNumber].map(async (order) =>
          orderSchema.parse((await send('GET', `/api/orders/${order._id}`, staff.token)).json()),
        ),
      );
      expect(statuses.map((order) => order.status)).toEqual([
        'dispatched',
        'cancelled',
        'paid',
        'dispatched',
      ]);
      expect(statuses[3]?.tracking).toMatchObject({ carrier: 'DPD', number: '15501234567890' });
    });

    it('refuses an empty list, or one too long', async () => {
      for (const orders of [[], Array.from({ length: 201 }, () => ({ id: 'x' })), 'all']) {
        const response = await send('POST', '/api/orders/dispatch', staff.token, { orders });
        expect(response.statusCode).toBe(400);
      }
    });

    it('corrects a tracking number after dispatch, mailing the customer the right one', async () => {
      const buyer = await addUser(shop, { name: 'Tess Tracking' });
      const order = await anOrder({}, buyer);
      const early = await send('PUT', `/api/orders/${order._id}/tracking`, staff.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'AB123456789GB',
      });
      expect(early.statusCode).toBe(409);
      await send('PUT', `/api/orders/${order._id}/dispatched`, staff.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'AB123456789GB',
      });
      const corrected = await send('PUT', `/api/orders/${order._id}/tracking`, staff.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'CD987654321GB',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(orderSchema.parse(corrected.json()).tracking).toMatchObject({
        number: 'CD987654321GB',
      });
      expect(await waitingMails(buyer.email, /tracking number.*corrected/)).toBe(1);
      expect(await foundIds('q=cd987654321gb')).toEqual([order._id]);
      const again = await send('PUT', `/api/orders/${order._id}/tracking`, staff.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'CD987654321GB',
      });
      expect(again.statusCode).toBe(409);
      const byCustomer = await send('PUT', `/api/orders/${order._id}/tracking`, buyer.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'EF987654321GB',
      });
      expect(byCustomer.statusCode).toBe(403);
    });
  });
});
