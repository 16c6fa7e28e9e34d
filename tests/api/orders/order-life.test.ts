import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPounds } from '../../../src/shared/money';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { quoteSchema } from '../../../src/shared/orders/checkout';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail, type MailMessage } from '../../support/mail-messages';
import {
  ADDRESS,
  addVoucher,
  openPayment,
  orderCount,
  placeOrder,
  postAs,
  stockOf,
  type Lines,
} from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())("an order's life after payment on %s", (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect, {
      PUBLIC_URL: 'https://shop.example.test',
      SHOP_EMAIL: 'orders@larkspur.example',
    });
    customer = await addUser(shop, { name: 'Olive Order' });
    other = await addUser(shop, { name: 'Nosy Neighbour' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => shop.close());

  const outbox = () => path.join(shop.config.dataDir, 'outbox');
  const send = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
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

  async function anOrder(pricePence = 2000, qty = 1) {
    const product = await addProduct(shop.database, { pricePence, countInStock: 5 });
    const order = await buy([{ product: product.id, qty }]);
    return { product, order };
  }

  const asOrder = (response: { json(): unknown }) => orderSchema.parse(response.json());
  /** The mail with this subject about this order (its link names it). */
  const mailTo = (to: string, subject: string, orderId = ''): Promise<MailMessage | undefined> =>
    waitForMail(
      outbox(),
      to,
      (mail) => mail.header('subject') === subject && (mail.text?.includes(orderId) ?? false),
    );

  describe('the price a shopper is shown', () => {
    it('quotes a basket from the database with VAT as one sixth of the total, changing nothing', async () => {
      const product = await addProduct(shop.database, { pricePence: 4100, countInStock: 3 });
      const before = await shop.database.db.selectFrom('payments').select('id').execute();
      const response = await send('POST', '/api/orders/quote', undefined, {
        orderItems: [{ product: product.id, qty: 1, price: 0.01 }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(quoteSchema.strict().parse(response.json())).toEqual({
        lines: [
          {
            product: product.id,
            variant: null,
            variantLabel: null,
            name: product.name,
            price: 41,
            qty: 1,
            discount: 0,
            madeToOrder: null,
            preorder: null,
            personalisation: null,
            personalisationLabel: null,
            personalisationPrice: 0,
          },
        ],
        itemsPrice: 41,
        shippingPrice: 4.99,
        giftWrapPrice: 0,
        voucherDiscount: 0,
        promotionDiscount: 0,
        discounts: [],
        discountNote: null,
        // £45.99 including VAT holds £7.665 of VAT: £7.67, halves rounded up.
        taxPrice: 7.67,
        totalPrice: 45.99,
        giftCardPayments: [],
        payable: 45.99,
        delivery: 'standard',
        deliveryOptions: [
          {
            id: 'standard',
            name: 'Royal Mail Tracked 48',
            description: '',
            price: 4.99,
            freeOver: 60,
            tracked: true,
            signed: false,
            collect: false,
            estimate: {
              dispatch: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as string,
              from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as string,
              to: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as string,
            },
          },
        ],
      });
      const after = await shop.database.db.selectFrom('payments').select('id').execute();
      expect(after).toHaveLength(before.length);
      expect(await stockOf(shop.database, product.id)).toBe(3);
    });

    it('charges the VAT inside the total, delivery included, on the order too', async () => {
      const { order } = await anOrder(4100);
      expect(order).toMatchObject({ totalPrice: 45.99, taxPrice: 7.67 });
    });

    it('opens no payment when the shopper was shown another total, and answers the new figures', async () => {
      const product = await addProduct(shop.database, { pricePence: 5999, countInStock: 3 });
      await shop.database.db
        .updateTable('products')
        .set({ price_pence: 7000 })
        .where('id', '=', product.id)
        .execute();
      const before = (await shop.database.db.selectFrom('payments').select('id').execute()).length;
      const response = await postAs(shop, customer.token, '/api/payments', {
        orderItems: [{ product: product.id, qty: 1 }],
        shippingAddress: ADDRESS,
        expectedTotal: 64.98,
      });
      expect(response.statusCode).toBe(409);
      const body = response.json<{ code: string; quote: unknown; message: string }>();
      expect(body.code).toBe('PRICE_CHANGED');
      expect(body.message).toContain('£70.00');
      expect(quoteSchema.parse(body.quote)).toMatchObject({ itemsPrice: 70, totalPrice: 70 });
      const after = (await shop.database.db.selectFrom('payments').select('id').execute()).length;
      expect(after).toBe(before);
      const accepted = await openPayment(shop, customer.token, [{ product: product.id, qty: 1 }], {
        expectedTotal: 70,
      });
      expect(accepted.totalPrice).toBe(70);
    });

    it('refuses an order too large for the money columns (400), before any payment', async () => {
      const product = await addProduct(shop.database, {
        pricePence: 100_000_000,
        countInStock: 999,
      });
      for (const url of ['/api/orders/quote', '/api/payments']) {
        const response = await postAs(shop, customer.token, url, {
          orderItems: [{ product: product.id, qty: 999 }],
          shippingAddress: ADDRESS,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ code: 'ORDER_TOTAL_TOO_LARGE' });
      }
    });
  });

  describe('UK delivery addresses', () => {
    it('keeps the recipient, normalises the postcode and calls the country the United Kingdom', async () => {
      const product = await addProduct(shop.database, { countInStock: 3 });
      const shippingAddress = {
        name: 'Gift For Gran',
        address: '1 Harbour Row',
        line2: 'Flat 2',
        city: 'Bristol',
        county: 'Avon',
        postalCode: ' bs14dj ',
        country: 'UK',
        phone: '0117 496 0123',
      };
      const order = await buy([{ product: product.id, qty: 1 }], { shippingAddress });
      expect(order.shippingAddress).toEqual({
        ...shippingAddress,
        postalCode: 'BS1 4DJ',
        country: 'United Kingdom',
      });
    });

    it.each([
      [
        { ...ADDRESS, country: 'France' },
        'Sorry, we deliver to addresses in the United Kingdom only',
      ],
      [{ ...ADDRESS, postalCode: '75001' }, 'That is not a UK postcode (for example SW1A 1AA)'],
      [{ ...ADDRESS, name: '' }, "Please enter the recipient's name"],
      [{ ...ADDRESS, name: undefined }, "Please enter the recipient's name"],
      [{ ...ADDRESS, phone: 'call me' }, 'A phone number can use digits, spaces, + ( ) and - only'],
    ])('refuses %j in words (400)', async (shippingAddress, message) => {
      const product = await addProduct(shop.database, { countInStock: 3 });
      const response = await postAs(shop, customer.token, '/api/payments', {
        orderItems: [{ product: product.id, qty: 1 }],
        shippingAddress,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    });
  });

  describe('text with control characters', () => {
    const controls = [
      ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
      '\u007f',
    ];

    it('refuses every control character in every field of the payment and order bodies (400), taking no money', async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      const lines = [{ product: product.id, qty: 1 }];
      const payment = await openPayment(shop, customer.token, lines);
      const ordersBefore = await orderCount(shop.database);
      const fields: ((bad: string) => Record<string, unknown>)[] = [
        ...Object.keys(ADDRESS).map((field) => (bad: string) => ({
          shippingAddress: {
            ...ADDRESS,
            [field]: `${ADDRESS[field as keyof typeof ADDRESS]}${bad}`,
          },
        })),
        (bad) => ({ voucher: `CODE${bad}` }),
        (bad) => ({ paymentMethod: `PayPal${bad}` }),
        (bad) => ({ paymentResult: { id: `${payment.id}${bad}` } }),
        (bad) => ({ orderItems: [{ product: `${product.id}${bad}`, qty: 1 }] }),
      ];
      for (const control of controls) {
        for (const field of fields) {
          const extra = field(control);
          const order = await placeOrder(shop, customer.token, payment.id, lines, extra);
          expect(order.statusCode, `${JSON.stringify(extra)}: ${order.body}`).toBe(400);
          const opened = await postAs(shop, customer.token, '/api/payments', {
            orderItems: lines,
            shippingAddress: ADDRESS,
            ...extra,
          });
          if (!('paymentResult' in extra) && !('paymentMethod' in extra)) {
            expect(opened.statusCode, JSON.stringify(extra)).toBe(400);
          }
        }
        // Notes may run over lines; nothing else may hold a control character.
        if (['\n', '\r', '\t'].includes(control)) continue;
        const notes = await placeOrder(shop, customer.token, payment.id, lines, {
          notes: `Gift wrap${control}please`,
        });
        expect(notes.statusCode, JSON.stringify(control)).toBe(400);
      }
      expect(await orderCount(shop.database)).toBe(ordersBefore);
      const multiline = await placeOrder(shop, customer.token, payment.id, lines, {
        notes: 'Gift wrap, please.\r\nCard:\tHappy birthday',
      });
      expect(multiline.statusCode).toBe(201);
      expect(orderSchema.parse(multiline.json()).notes).toBe(
        'Gift wrap, please.\r\nCard:\tHappy birthday',
      );
      expect(await orderCount(shop.database)).toBe(ordersBefore + 1);
      const payments = await shop.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', payment.id)
        .executeTakeFirstOrThrow();
      expect(payments.status).toBe('fulfilled');
    });

    it('refuses a control character in a path or a query (400)', async () => {
      const inPath = await send('GET', '/api/orders/abc%00def', customer.token);
      expect(inPath.statusCode).toBe(400);
      expect(inPath.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const inQuery = await send('GET', '/api/products?keyword=ring%00');
      expect(inQuery.statusCode).toBe(400);
    });
  });

  describe('cancelling', () => {
    it('lets the customer cancel before dispatch: full refund, stock back, mailed', async () => {
      const { product, order } = await anOrder(2000, 2);
      expect(await stockOf(shop.database, product.id)).toBe(3);
      const response = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
      expect(response.statusCode, response.body).toBe(200);
      const cancelled = asOrder(response);
      expect(cancelled).toMatchObject({
        status: 'cancelled',
        refundedTotal: order.totalPrice,
        refunds: [{ amount: order.totalPrice, reason: 'Order cancelled' }],
      });
      expect(await stockOf(shop.database, product.id)).toBe(5);
      const mail = await mailTo(
        customer.email,
        `Your Larkspur order ${order.orderNumber} is cancelled`,
      );
      expect(mail?.text).toContain(`We are refunding ${formatPounds(order.totalPrice)}`);
      expect(mail?.text).toContain('VAT number GB 000 0000 00');
      const again = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
      expect(await stockOf(shop.database, product.id)).toBe(5);
    });

    it('refuses after dispatch, for other customers and for guests', async () => {
      const { order } = await anOrder();
      expect((await send('POST', `/api/orders/${order._id}/cancel`)).statusCode).toBe(401);
      const nosy = await send('POST', `/api/orders/${order._id}/cancel`, other.token);
      expect(nosy.statusCode).toBe(404);
      expect(nosy.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
      await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token);
      const late = await send('POST', `/api/orders/${order._id}/cancel`, customer.token);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
    });

    it('cancels once when a customer cancels while an admin dispatches', async () => {
      const { order } = await anOrder();
      const [cancel, dispatch] = await Promise.all([
        send('POST', `/api/orders/${order._id}/cancel`, customer.token),
        send('PUT', `/api/orders/${order._id}/dispatched`, admin.token),
      ]);
      expect([cancel.statusCode, dispatch.statusCode].sort()).toEqual([200, 409]);
      const final = asOrder(await send('GET', `/api/orders/${order._id}`, admin.token));
      expect(['cancelled', 'dispatched']).toContain(final.status);
      expect(final.refundedTotal).toBe(final.status === 'cancelled' ? order.totalPrice : 0);
    });

    it('lets an admin cancel too', async () => {
      const { order } = await anOrder();
      const response = await send('POST', `/api/orders/${order._id}/cancel`, admin.token);
      expect(asOrder(response).status).toBe('cancelled');
    });
  });

  describe('dispatch, tracking and delivery', () => {
    it('keeps the carrier and tracking number, links its tracking page, and mails both', async () => {
      const { order } = await anOrder();
      const response = await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token, {
        carrier: 'Royal Mail',
        trackingNumber: 'ab 1234 5678 9gb',
      });
      expect(response.statusCode, response.body).toBe(200);
      const tracking = {
        carrier: 'Royal Mail',
        number: 'AB123456789GB',
        url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
      };
      expect(asOrder(response)).toMatchObject({
        status: 'dispatched',
        isDispatched: true,
        tracking,
      });
      const seen = asOrder(await send('GET', `/api/orders/${order._id}`, customer.token));
      expect(seen.tracking).toEqual(tracking);
      const delivered = await send('PUT', `/api/orders/${order._id}/delivered`, admin.token);
      expect(asOrder(delivered)).toMatchObject({ status: 'delivered', isDelivered: true });
      const dispatchMail = await mailTo(
        customer.email,
        'Your Larkspur order is on its way',
        order._id,
      );
      expect(dispatchMail?.text).toContain(tracking.url);
      expect(dispatchMail?.text).toContain('tracking number AB123456789GB');
      expect(dispatchMail?.html).toContain('Track your parcel');
      expect(
        await mailTo(customer.email, 'Your Larkspur order has been delivered', order._id),
      ).toBeDefined();
    });

    it.each([
      [{ carrier: 'Royal Mail' }, 'Give both the carrier and the tracking number, or neither'],
      [{ carrier: 'Pigeon Post', trackingNumber: 'AB123456789GB' }, 'The carrier must be one of'],
      [{ carrier: 'DPD', trackingNumber: '12' }, 'A tracking number is 6 to 40 letters and digits'],
    ])('refuses %j (400) and leaves the order undispatched', async (body, message) => {
      const { order } = await anOrder();
      const response = await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token, body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(asOrder(await send('GET', `/api/orders/${order._id}`, admin.token)).status).toBe(
        'paid',
      );
    });

    it('shows admins who moved the order and when; customers see no history', async () => {
      const { order } = await anOrder();
      await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token, {
        carrier: 'Evri',
        trackingNumber: 'H01234567890',
      });
      const seenByAdmin = asOrder(await send('GET', `/api/orders/${order._id}`, admin.token));
      expect(seenByAdmin.events?.map(({ type, by, detail }) => ({ type, by, detail }))).toEqual([
        { type: 'placed', by: 'Olive Order', detail: null },
        { type: 'dispatched', by: 'Ada Admin', detail: 'Evri H01234567890' },
      ]);
      const seenByCustomer = asOrder(await send('GET', `/api/orders/${order._id}`, customer.token));
      expect(seenByCustomer.events).toBeUndefined();
    });
  });

  describe('returns', () => {
    async function deliveredOrder(): Promise<Order> {
      const { order } = await anOrder();
      await send('PUT', `/api/orders/${order._id}/dispatched`, admin.token);
      await send('PUT', `/api/orders/${order._id}/delivered`, admin.token);
      return order;
    }

    it('lets the customer ask within 14 days of delivery, with a reason, and tells the shop', async () => {
      const order = await deliveredOrder();
      const response = await send('POST', `/api/orders/${order._id}/return`, customer.token, {
        reason: 'The chain is shorter than I hoped',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(asOrder(response)).toMatchObject({
        status: 'return_requested',
        returnRequest: { reason: 'The chain is shorter than I hoped' },
      });
      const toShop = await mailTo(
        'orders@larkspur.example',
        `Return requested for order ${order.orderNumber}`,
      );
      expect(toShop?.text).toContain('The chain is shorter than I hoped');
      const toCustomer = await mailTo(
        customer.email,
        `We have your return request for order ${order.orderNumber}`,
      );
      expect(toCustomer?.text).toContain('send the items back within 14 days');
      const twice = await send('POST', `/api/orders/${order._id}/return`, customer.token, {
        reason: 'Again',
      });
      expect(twice.json()).toMatchObject({ code: 'ORDER_NOT_RETURNABLE' });
    });

    it('refuses before delivery, after 14 days, without a reason, and to anyone else', async () => {
      const { order: undelivered } = await anOrder();
      const early = await send('POST', `/api/orders/${undelivered._id}/return`, customer.token, {
        reason: 'Changed my mind',
      });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'ORDER_NOT_RETURNABLE' });

      const late = await deliveredOrder();
      await shop.database.db
        .updateTable('orders')
        .set({ delivered_at: new Date(Date.now() - 15 * DAY_MS).toISOString() })
        .where('id', '=', late._id)
        .execute();
      const tooLate = await send('POST', `/api/orders/${late._id}/return`, customer.token, {
        reason: 'Changed my mind',
      });
      expect(tooLate.statusCode).toBe(409);

      const order = await deliveredOrder();
      const blank = await send('POST', `/api/orders/${order._id}/return`, customer.token, {
        reason: '  ',
      });
      expect(blank.statusCode).toBe(400);
      for (const token of [other.token, admin.token]) {
        const response = await send('POST', `/api/orders/${order._id}/return`, token, {
          reason: 'Not mine',
        });
        expect(response.statusCode).toBe(404);
      }
      expect(asOrder(await send('GET', `/api/orders/${order._id}`, admin.token)).status).toBe(
        'delivered',
      );
    });
  });

  describe('refunds by an admin', () => {
    it('refunds part, putting chosen items back, then the rest, and then no more', async () => {
      const { product, order } = await anOrder(2000, 2);
      const part = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 20,
        reason: 'One pendant returned',
        restock: [{ product: product.id, qty: 1 }],
      });
      expect(part.statusCode, part.body).toBe(200);
      expect(asOrder(part)).toMatchObject({
        status: 'paid',
        refundedTotal: 20,
        refunds: [{ amount: 20, reason: 'One pendant returned' }],
      });
      expect(await stockOf(shop.database, product.id)).toBe(4);
      // £44.99 paid (£40 and £4.99 delivery), £20 back: at most £24.99 is left.
      const tooMuch = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 25,
        reason: 'Too much',
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json()).toMatchObject({
        code: 'REFUND_TOO_LARGE',
        message: 'At most £24.99 is left to refund on this order',
      });
      const rest = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 24.99,
        reason: 'Goodwill',
      });
      expect(asOrder(rest)).toMatchObject({ status: 'refunded', refundedTotal: 44.99 });
      const more = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, {
        amount: 1,
        reason: 'More',
      });
      expect(more.statusCode).toBe(409);
      expect(more.json()).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE' });
      const refundMail = await waitForMail(
        outbox(),
        customer.email,
        (mail) =>
          mail.text?.includes(
            'We have refunded £20.00 to the account you paid with (One pendant returned)',
          ) ?? false,
      );
      expect(refundMail?.header('subject')).toBe('A refund on your Larkspur order');
    });

    it('never refunds more than was paid when two admins refund at once', async () => {
      const { order } = await anOrder(3000);
      const second = await addUser(shop, { role: 'admin' });
      const answers = await Promise.all(
        [admin, second].map((who) =>
          send('POST', `/api/orders/${order._id}/refunds`, who.token, {
            amount: 30,
            reason: 'Both at once',
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const final = asOrder(await send('GET', `/api/orders/${order._id}`, admin.token));
      expect(final.refundedTotal).toBe(30);
    });

    it.each([
      [{ amount: 0, reason: 'x' }],
      [{ amount: -5, reason: 'x' }],
      [{ amount: 1.234, reason: 'x' }],
      [{ amount: '5', reason: 'x' }],
      [{ amount: 5 }],
      [{ amount: 5, reason: 'x', restock: [{ product: 'someone-else', qty: 1 }] }],
      [{ amount: 5, reason: 'x', restock: [{ product: 'p', qty: -1 }] }],
    ])('refuses %j (400), changing nothing', async (body) => {
      const { product, order } = await anOrder();
      const response = await send('POST', `/api/orders/${order._id}/refunds`, admin.token, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(await stockOf(shop.database, product.id)).toBe(4);
      expect(
        asOrder(await send('GET', `/api/orders/${order._id}`, admin.token)).refundedTotal,
      ).toBe(0);
    });

    it('is for admins only, and another admin-only list shows refunds still owed', async () => {
      const { order } = await anOrder();
      const byCustomer = await send('POST', `/api/orders/${order._id}/refunds`, customer.token, {
        amount: 1,
        reason: 'Please',
      });
      expect(byCustomer.statusCode).toBe(403);
      expect((await send('GET', '/api/refunds/failed', customer.token)).statusCode).toBe(403);
      const failed = await send('GET', '/api/refunds/failed', admin.token);
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).toEqual([]);
    });
  });

  describe('voucher rules', () => {
    it('asks for the minimum spend, saying how much more', async () => {
      await addVoucher(shop.database, { code: 'SPEND30', discountPence: 500, minSpendPence: 3000 });
      const product = await addProduct(shop.database, { pricePence: 800, countInStock: 9 });
      const response = await send('POST', '/api/orders/quote', undefined, {
        orderItems: [{ product: product.id, qty: 1 }],
        voucher: 'SPEND30',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'VOUCHER_MIN_SPEND',
        message: 'This voucher needs a spend of £30.00 on items: add £22.00 more to use it',
      });
      const enough = await buy([{ product: product.id, qty: 4 }], { voucher: 'SPEND30' });
      expect(enough.voucherDiscount).toBe(5);
    });

    it('works once per customer when the shop says so, and again after a cancellation', async () => {
      await addVoucher(shop.database, { code: 'ONCE', discountPence: 300, oncePerCustomer: true });
      const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 9 });
      const lines = [{ product: product.id, qty: 1 }];
      const first = await buy(lines, { voucher: 'ONCE' });
      const again = await postAs(shop, customer.token, '/api/payments', {
        orderItems: lines,
        shippingAddress: ADDRESS,
        voucher: 'ONCE',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'VOUCHER_ALREADY_USED' });
      const quoted = await postAs(shop, customer.token, '/api/orders/quote', {
        orderItems: lines,
        voucher: 'ONCE',
      });
      expect(quoted.json()).toMatchObject({ code: 'VOUCHER_ALREADY_USED' });
      const forAGuest = await send('POST', '/api/orders/quote', undefined, {
        orderItems: lines,
        voucher: 'ONCE',
      });
      expect(forAGuest.statusCode).toBe(200);
      await buy(lines, { voucher: 'ONCE' }, other);
      await send('POST', `/api/orders/${first._id}/cancel`, customer.token);
      await buy(lines, { voucher: 'ONCE' });
    });

    it('is used once when ten customers race for a voucher with one use', async () => {
      await addVoucher(shop.database, { code: 'ONLYONE', discountPence: 500, maxUses: 1 });
      const product = await addProduct(shop.database, { pricePence: 2000, countInStock: 50 });
      const lines = [{ product: product.id, qty: 1 }];
      const buyers = await Promise.all(Array.from({ length: 10 }, () => addUser(shop)));
      const payments = await Promise.all(
        buyers.map((buyer) => openPayment(shop, buyer.token, lines, { voucher: 'ONLYONE' })),
      );
      const answers = await Promise.all(
        buyers.map((buyer, index) =>
          placeOrder(shop, buyer.token, payments[index]?.id ?? '', lines, { voucher: 'ONLYONE' }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'VOUCHER_USED_UP' });
      }
      const voucher = await shop.database.db
        .selectFrom('vouchers')
        .select('uses')
        .where('code', '=', 'ONLYONE')
        .executeTakeFirstOrThrow();
      expect(voucher.uses).toBe(1);
      expect(await stockOf(shop.database, product.id)).toBe(49);
      const next = await postAs(shop, customer.token, '/api/payments', {
        orderItems: lines,
        shippingAddress: ADDRESS,
        voucher: 'ONLYONE',
      });
      expect(next.json()).toMatchObject({ code: 'VOUCHER_USED_UP' });
    });
  });
});
