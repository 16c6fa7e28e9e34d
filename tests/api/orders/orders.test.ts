import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderPageSchema, myOrdersPageSchema } from '../../../src/shared/orders/orders';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { outboxMailsTo } from '../../support/mail-messages';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import {
  ADDRESS,
  addVoucher,
  openPayment,
  orderCount,
  placeOrder,
  postAs,
  stockOf,
} from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('checkout and orders with test payments on %s', (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL: 'https://shop.example.test' });
    customer = await addUser(shop, { name: 'Olive Order' });
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  const get = (url: string, token?: string) =>
    shop.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const put = (url: string, token?: string) =>
    shop.app.inject({ method: 'PUT', url, headers: token ? bearer(token) : {} });

  async function buy(
    token: string,
    lines: { product: string; qty: number }[],
    extra: Record<string, unknown> = {},
  ): Promise<Order> {
    const payment = await openPayment(shop, token, lines, extra);
    const response = await placeOrder(shop, token, payment.id, lines, extra);
    expect(response.statusCode, response.body).toBe(201);
    return orderSchema.parse(response.json());
  }

  describe('a paid order', () => {
    it('is priced from the database, paid, and takes its items out of stock', async () => {
      const pendant = await addProduct(shop.database, { pricePence: 2450, countInStock: 5 });
      const chain = await addProduct(shop.database, { pricePence: 1299, countInStock: 2 });
      const lines = [
        { product: pendant.id, qty: 2 },
        { product: chain.id, qty: 1 },
      ];
      const payment = await openPayment(shop, customer.token, lines);
      // 2 x 24.50 + 12.99 = 61.99: above 59.99, so delivery is free.
      expect(payment.totalPrice).toBe(61.99);
      const response = await placeOrder(shop, customer.token, payment.id, lines, {
        notes: 'Please wrap it as a gift',
      });
      expect(response.statusCode).toBe(201);
      const order = orderSchema.strict().parse(response.json());
      expect(order).toMatchObject({
        user: { _id: customer.id, name: 'Olive Order' },
        shippingAddress: ADDRESS,
        // The test provider took no money, and the order says so rather than "PayPal".
        paymentMethod: 'Test payment (no money taken)',
        itemsPrice: 61.99,
        shippingPrice: 0,
        taxPrice: 10.33,
        voucher: null,
        voucherDiscount: 0,
        totalPrice: 61.99,
        notes: 'Please wrap it as a gift',
        isPaid: true,
        isDispatched: false,
        dispatchedAt: null,
        isDelivered: false,
        deliveredAt: null,
        paymentResult: { id: payment.id, status: 'COMPLETED' },
      });
      expect(order.orderItems).toEqual([
        {
          name: pendant.name,
          brand: pendant.brand,
          image: pendant.image,
          product: pendant.id,
          variant: null,
          variantLabel: null,
          qty: 2,
          price: 24.5,
          discount: 0,
          madeToOrder: null,
          preorder: null,
        },
        {
          name: chain.name,
          brand: chain.brand,
          image: chain.image,
          product: chain.id,
          variant: null,
          variantLabel: null,
          qty: 1,
          price: 12.99,
          discount: 0,
          madeToOrder: null,
          preorder: null,
        },
      ]);
      expect(Date.parse(order.paidAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
      expect(await stockOf(shop.database, pendant.id)).toBe(3);
      expect(await stockOf(shop.database, chain.id)).toBe(1);

      const mine = await get('/api/orders/myorders', customer.token);
      expect(myOrdersPageSchema.parse(mine.json()).orders[0]?._id).toBe(order._id);
      expect((await get(`/api/orders/${order._id}`, customer.token)).json()).toEqual(order);
    });

    it('charges delivery at £59.99 and below', async () => {
      const product = await addProduct(shop.database, { pricePence: 5999, countInStock: 3 });
      const order = await buy(customer.token, [{ product: product.id, qty: 1 }]);
      expect(order).toMatchObject({ itemsPrice: 59.99, shippingPrice: 4.99, totalPrice: 64.98 });
    });

    it('ignores every price, total, paid flag and name the browser sends', async () => {
      const product = await addProduct(shop.database, { pricePence: 3000, countInStock: 3 });
      const tampered = [
        { product: product.id, qty: 1, price: 0.01, name: 'Free thing', countInStock: 999 },
      ];
      const extra = {
        itemsPrice: 0.01,
        shippingPrice: 0,
        taxPrice: 0,
        totalPrice: 0.01,
        voucherDiscount: 500,
        isPaid: true,
        paidAt: '2020-01-01T00:00:00.000Z',
        isDelivered: true,
        user: { _id: admin.id, name: 'Someone' },
      };
      const payment = await openPayment(shop, customer.token, tampered, extra);
      expect(payment.totalPrice).toBe(34.99);
      const response = await placeOrder(shop, customer.token, payment.id, tampered, extra);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        user: { _id: customer.id },
        orderItems: [{ name: product.name, price: 30, qty: 1 }],
        itemsPrice: 30,
        shippingPrice: 4.99,
        voucherDiscount: 0,
        totalPrice: 34.99,
        isDelivered: false,
      });
    });

    it('mails the customer a confirmation, and another when it is dispatched', async () => {
      const buyer = await addUser(shop, { name: 'Mae Mail' });
      const product = await addProduct(shop.database, { name: 'Moonstone Drop', countInStock: 2 });
      const order = await buy(buyer.token, [{ product: product.id, qty: 1 }]);
      expect((await put(`/api/orders/${order._id}/dispatched`, admin.token)).statusCode).toBe(200);
      const mails = await outboxMailsTo(path.join(shop.config.dataDir, 'outbox'), buyer.email, 2);
      expect(mails).toHaveLength(2);
      const subjects = mails.map((mail) => mail.header('subject')).sort();
      expect(subjects).toEqual([
        `Your Larkspur order ${order.orderNumber}`,
        'Your Larkspur order is on its way',
      ]);
      for (const mail of mails) {
        expect(mail.text).toContain('1 x Moonstone Drop');
        expect(mail.text).toContain(`https://shop.example.test/account/order/${order._id}`);
        expect(mail.html).toContain('Moonstone Drop');
      }
    });
  });

  describe('refuses a basket it cannot sell, before any money moves', () => {
    it.each([
      [0, 'Quantities must be whole numbers from 1'],
      [-1, 'Quantities must be whole numbers from 1'],
      [1.5, 'Quantities must be whole numbers from 1'],
      ['2', 'Quantities must be whole numbers from 1'],
    ])('a quantity of %j (400)', async (qty, message) => {
      const ordersBefore = await orderCount(shop.database);
      const product = await addProduct(shop.database, { countInStock: 5 });
      const payment = await openPayment(shop, customer.token, [{ product: product.id, qty: 1 }]);
      for (const url of ['/api/payments', '/api/orders']) {
        const response = await postAs(shop, customer.token, url, {
          orderItems: [{ product: product.id, qty }],
          shippingAddress: ADDRESS,
          paymentResult: { id: payment.id },
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      }
      expect(await stockOf(shop.database, product.id)).toBe(5);
      expect(await orderCount(shop.database)).toBe(ordersBefore);
    });

    it('more than the stock when the order is made (409), taking no money', async () => {
      const product = await addProduct(shop.database, { countInStock: 3 });
      const payment = await openPayment(shop, customer.token, [{ product: product.id, qty: 3 }]);
      await shop.database.db
        .updateTable('products')
        .set({ count_in_stock: 2 })
        .where('id', '=', product.id)
        .execute();
      const response = await placeOrder(shop, customer.token, payment.id, [
        { product: product.id, qty: 3 },
      ]);
      expect(response.statusCode).toBe(409);
      expect(await stockOf(shop.database, product.id)).toBe(2);
    });

    it('more than the stock (409), naming the product', async () => {
      const product = await addProduct(shop.database, { name: 'Last Few Hat', countInStock: 2 });
      const response = await postAs(shop, customer.token, '/api/payments', {
        orderItems: [{ product: product.id, qty: 3 }],
        shippingAddress: ADDRESS,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Sorry, only 2 of Last Few Hat are left in stock (you asked for 3)',
        code: 'INSUFFICIENT_STOCK',
      });
    });

    it('a product that does not exist, or is a draft (404)', async () => {
      const draft = await addProduct(shop.database, { status: 'draft' });
      for (const id of ['no-such-product', draft.id]) {
        const response = await postAs(shop, customer.token, '/api/payments', {
          orderItems: [{ product: id, qty: 1 }],
          shippingAddress: ADDRESS,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE' });
      }
    });

    it.each([
      [{ orderItems: [], shippingAddress: ADDRESS }, 'No items to be ordered'],
      [{ shippingAddress: ADDRESS }, 'No items to be ordered'],
      [
        { orderItems: [{ product: 'x', qty: 1 }], shippingAddress: { ...ADDRESS, city: ' ' } },
        'Please enter the town or city',
      ],
      [{ orderItems: [{ product: 'x', qty: 1 }] }, 'Please enter the delivery address'],
      [
        {
          orderItems: [
            { product: 'x', qty: 1 },
            { product: 'x', qty: 2 },
          ],
          shippingAddress: ADDRESS,
        },
        'Each product (and each of its options) may appear only once in an order, unless personalised with different texts',
      ],
    ] as [object, string][])('a malformed body %j (400)', async (body, message) => {
      const response = await postAs(shop, customer.token, '/api/payments', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
    });

    it('a guest (401), whatever the body', async () => {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/payments',
        payload: { nonsense: true },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('vouchers', () => {
    it('looks a code up whatever its case, for signed-in shoppers only', async () => {
      await addVoucher(shop.database, { code: 'Spring10', discountPence: 1000, name: 'Spring' });
      const found = await get('/api/vouchers/code/SPRING10', customer.token);
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual([
        expect.objectContaining({ name: 'Spring', code: 'Spring10', discount: 10 }),
      ]);
      expect((await get('/api/vouchers/code/SPRING10')).statusCode).toBe(401);
    });

    it('refuses unknown, expired and draft codes in words', async () => {
      await addVoucher(shop.database, {
        code: 'OLD5',
        discountPence: 500,
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      await addVoucher(shop.database, { code: 'DRAFT5', discountPence: 500, status: 'draft' });
      const cases = [
        ['NOPE', 'That voucher code is not valid', 'VOUCHER_NOT_FOUND'],
        ['old5', 'That voucher has expired', 'VOUCHER_EXPIRED'],
        ['DRAFT5', 'That voucher code is not valid', 'VOUCHER_NOT_FOUND'],
      ];
      for (const [code = '', message, errorCode] of cases) {
        const response = await get(`/api/vouchers/code/${code}`, customer.token);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message, code: errorCode });
      }
      const product = await addProduct(shop.database, { countInStock: 2 });
      const payment = await postAs(shop, customer.token, '/api/payments', {
        orderItems: [{ product: product.id, qty: 1 }],
        shippingAddress: ADDRESS,
        voucher: 'OLD5',
      });
      expect(payment.statusCode).toBe(404);
      expect(payment.json()).toMatchObject({ message: 'That voucher has expired' });
    });

    it('takes the discount off the total, never below the items price', async () => {
      await addVoucher(shop.database, { code: 'FIVER', discountPence: 500, name: 'Five off' });
      await addVoucher(shop.database, { code: 'HUGE', discountPence: 50_000 });
      const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 5 });
      const withFive = await buy(customer.token, [{ product: product.id, qty: 1 }], {
        voucher: 'fiver',
      });
      expect(withFive).toMatchObject({
        voucher: 'Five off',
        voucherDiscount: 5,
        itemsPrice: 20,
        shippingPrice: 4.99,
        totalPrice: 19.99,
      });
      const withHuge = await buy(customer.token, [{ product: product.id, qty: 1 }], {
        voucher: 'HUGE',
      });
      expect(withHuge).toMatchObject({ voucherDiscount: 20, totalPrice: 4.99 });
    });

    it('re-checks the voucher when the order is made', async () => {
      const voucher = await addVoucher(shop.database, { code: 'SOON', discountPence: 300 });
      const product = await addProduct(shop.database, { countInStock: 2 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, customer.token, lines, { voucher: 'SOON' });
      await shop.database.db
        .updateTable('vouchers')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', voucher.id)
        .execute();
      const response = await placeOrder(shop, customer.token, payment.id, lines, {
        voucher: 'SOON',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'That voucher has expired' });
      expect(await stockOf(shop.database, product.id)).toBe(2);
    });
  });

  describe('one payment, one order', () => {
    it('answers the same order when the same payment is sent again', async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      const lines = [{ product: product.id, qty: 2 }];
      const payment = await openPayment(shop, customer.token, lines);
      const first = await placeOrder(shop, customer.token, payment.id, lines);
      const again = await placeOrder(shop, customer.token, payment.id, lines);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(200);
      expect(again.json<Order>()._id).toBe(first.json<Order>()._id);
      expect(await stockOf(shop.database, product.id)).toBe(3);
    });

    it('makes one order when the same payment races in five times', async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, customer.token, lines);
      const before = await orderCount(shop.database);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => placeOrder(shop, customer.token, payment.id, lines)),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.json<Order>()._id)).size).toBe(1);
      expect(await orderCount(shop.database)).toBe(before + 1);
      expect(await stockOf(shop.database, product.id)).toBe(4);
    });

    it("refuses another customer's payment", async () => {
      const other = await addUser(shop);
      const product = await addProduct(shop.database, { countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, other.token, lines);
      const response = await placeOrder(shop, customer.token, payment.id, lines);
      expect(response.statusCode).toBe(404);
      expect(await stockOf(shop.database, product.id)).toBe(5);
      const made = await placeOrder(shop, other.token, payment.id, lines);
      expect(made.statusCode).toBe(201);
      const reused = await placeOrder(shop, customer.token, payment.id, lines);
      expect(reused.statusCode).toBe(409);
    });

    it('refuses a payment id the shop never opened', async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      const response = await placeOrder(shop, customer.token, 'TESTMADEUP123', [
        { product: product.id, qty: 1 },
      ]);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'That payment could not be found' });
    });
  });

  it('sells the last 3 exactly once each to 20 shoppers buying at once', async () => {
    const product = await addProduct(shop.database, { name: 'Last Three Scarf', countInStock: 3 });
    const lines = [{ product: product.id, qty: 1 }];
    const buyers = await Promise.all(Array.from({ length: 4 }, () => addUser(shop)));
    const payments = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const buyer = buyers[index % buyers.length] as TestUser;
        return { buyer, payment: await openPayment(shop, buyer.token, lines) };
      }),
    );
    const answers = await Promise.all(
      payments.map(({ buyer, payment }) => placeOrder(shop, buyer.token, payment.id, lines)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Sorry, (Last Three Scarf sold out while you were paying\. Your payment has been refunded|Last Three Scarf is out of stock)/,
      );
    }
    expect(await stockOf(shop.database, product.id)).toBe(0);
    const sold = await shop.database.db
      .selectFrom('order_items')
      .select('qty')
      .where('product_id', '=', product.id)
      .execute();
    expect(sold).toHaveLength(3);
  });

  describe('who may see and move an order', () => {
    let order: Order;
    beforeAll(async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      order = await buy(customer.token, [{ product: product.id, qty: 1 }]);
    });

    it("hides a customer's order from another customer (404) and a guest (401)", async () => {
      const other = await addUser(shop);
      const response = await get(`/api/orders/${order._id}`, other.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found', code: 'ORDER_NOT_FOUND' });
      expect((await get(`/api/orders/${order._id}`)).statusCode).toBe(401);
      expect((await get('/api/orders/myorders', other.token)).json()).toEqual({
        orders: [],
        page: 1,
        pages: 1,
      });
    });

    it('shows every order to an admin, newest first, and refuses customers (403)', async () => {
      expect((await get(`/api/orders/${order._id}`, admin.token)).statusCode).toBe(200);
      const all = await get('/api/orders', admin.token);
      expect(all.statusCode).toBe(200);
      const { orders: listed, page } = adminOrderPageSchema.parse(all.json());
      expect(page).toBe(1);
      expect(listed.map((item) => item._id)).toContain(order._id);
      const times = listed.map((item) => item.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect((await get('/api/orders', customer.token)).statusCode).toBe(403);
      for (const step of ['dispatched', 'delivered']) {
        expect((await put(`/api/orders/${order._id}/${step}`, customer.token)).statusCode).toBe(
          403,
        );
        expect((await put(`/api/orders/${order._id}/${step}`)).statusCode).toBe(401);
      }
    });

    it('is delivered only after dispatch, each once (409 otherwise)', async () => {
      const early = await put(`/api/orders/${order._id}/delivered`, admin.token);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'ORDER_NOT_DELIVERABLE' });
      const dispatched = await put(`/api/orders/${order._id}/dispatched`, admin.token);
      expect(dispatched.statusCode).toBe(200);
      expect(dispatched.json()).toMatchObject({ isDispatched: true, isDelivered: false });
      expect((await put(`/api/orders/${order._id}/dispatched`, admin.token)).statusCode).toBe(409);
      const delivered = await put(`/api/orders/${order._id}/delivered`, admin.token);
      expect(delivered.json()).toMatchObject({ isDispatched: true, isDelivered: true });
      const seen = orderSchema.parse(
        (await get(`/api/orders/${order._id}`, customer.token)).json(),
      );
      expect(seen.dispatchedAt).not.toBeNull();
      expect(seen.deliveredAt).not.toBeNull();
      expect((await put(`/api/orders/${order._id}/delivered`, admin.token)).statusCode).toBe(409);
      expect((await put('/api/orders/no-such-order/dispatched', admin.token)).statusCode).toBe(404);
    });

    it('is not dispatched once cancelled (409)', async () => {
      const product = await addProduct(shop.database, { countInStock: 2 });
      const cancelled = await buy(customer.token, [{ product: product.id, qty: 1 }]);
      const cancel = await postAs(shop, customer.token, `/api/orders/${cancelled._id}/cancel`, {});
      expect(cancel.statusCode, cancel.body).toBe(200);
      const response = await put(`/api/orders/${cancelled._id}/dispatched`, admin.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_NOT_DISPATCHABLE' });
    });
  });
});
