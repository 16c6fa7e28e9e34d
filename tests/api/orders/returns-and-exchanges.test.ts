import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { deskSchema } from '../../../src/shared/desk/desk';
import { myOrdersPageSchema, orderSchema, type Order } from '../../../src/shared/orders/orders';
import { vatReportSchema } from '../../../src/shared/reports/vat';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('returns that close, and exchanges, on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
  });
  afterAll(() => shop.close());

  /** A jumper in S and M, bought in S by a new customer, delivered, and asked to be returned. */
  async function returningJumper({ mStock = 4 }: { mStock?: number } = {}) {
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M'] }],
      [
        { options: { Size: 'S' }, countInStock: 3 },
        { options: { Size: 'M' }, countInStock: mStock },
      ],
      { name: 'Fisherman Jumper', pricePence: 6500 },
    );
    const [small = '', medium = ''] = variantIds;
    const customer = await addUser(shop, { name: 'Martha Swap' });
    const lines = [{ product: product.id, variant: small, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines);
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    await ok('PUT', `/api/orders/${order._id}/dispatched`, staff.token);
    await ok('PUT', `/api/orders/${order._id}/delivered`, staff.token);
    await ok('POST', `/api/orders/${order._id}/return`, customer.token, {
      reason: 'Too small: may I have an M?',
    });
    return { product, small, medium, customer, order };
  }

  async function ok(method: 'PUT' | 'POST', url: string, token: string, body?: object) {
    const answer = await call(method, url, token, body);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return orderSchema.parse(answer.json());
  }

  const desk = async () =>
    deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());

  const stockOf = async (variantId: string) =>
    (
      await shop.database.db
        .selectFrom('product_variants')
        .select('count_in_stock')
        .where('id', '=', variantId)
        .executeTakeFirstOrThrow()
    ).count_in_stock;

  const mailsTo = async (recipient: string) =>
    (
      await shop.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('recipient', '=', recipient)
        .orderBy('created_at')
        .execute()
    ).map((mail) => ({ subject: mail.subject, text: mail.text_body }));

  const auditOf = async (orderNumber: string) =>
    auditPageSchema.parse((await call('GET', `/api/audit?q=${orderNumber}`, admin.token)).json());

  it('closes a return refunded in part: delivered again, off the desk, mailed and audited', async () => {
    const { order, customer } = await returningJumper();
    expect((await desk()).returnsRequested.map((each) => each._id)).toContain(order._id);
    const refund = await call('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: 20,
      reason: 'Worn once: part refund',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Still open after the part refund, until staff close it.
    expect(orderSchema.parse(refund.json()).status).toBe('return_requested');
    const closed = await ok('POST', `/api/orders/${order._id}/return/close`, staff.token, {
      outcome: 'refunded',
      note: 'We refunded £20.00 as the jumper had been worn.',
    });
    expect(closed).toMatchObject({
      status: 'delivered',
      returnRequest: { reason: 'Too small: may I have an M?' },
      returnClosed: {
        outcome: 'refunded',
        note: 'We refunded £20.00 as the jumper had been worn.',
      },
      refundedTotal: 20,
    });
    expect((await desk()).returnsRequested.map((each) => each._id)).not.toContain(order._id);
    const mails = await mailsTo(customer.email);
    const told = mails.find((mail) => mail.subject === `Your return of order ${order.orderNumber}`);
    expect(told?.text).toContain(
      'We have dealt with your return: £20.00 has been refunded to the account you paid with. We refunded £20.00 as the jumper had been worn.',
    );
    expect((await auditOf(order.orderNumber)).entries).toContainEqual(
      expect.objectContaining({
        action: 'order.return_closed',
        actor: { _id: staff.id, name: 'Sam Staff', email: staff.email },
        after: {
          status: 'delivered',
          outcome: 'refunded',
          note: 'We refunded £20.00 as the jumper had been worn.',
        },
      }),
    );
    // The customer cannot ask to return it again: a return is asked for once.
    const again = await call('POST', `/api/orders/${order._id}/return`, customer.token, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_NOT_RETURNABLE' });
  });

  it('rejects a return only with a note, and refuses what cannot be closed', async () => {
    const { order, customer } = await returningJumper();
    const refusals: [object, number, string][] = [
      [{ outcome: 'rejected' }, 400, 'VALIDATION_FAILED'],
      [{ outcome: 'rejected', note: '   ' }, 400, 'VALIDATION_FAILED'],
      [{ outcome: 'lost' }, 400, 'VALIDATION_FAILED'],
      [{ outcome: 'refunded', note: 42 }, 400, 'VALIDATION_FAILED'],
      [{ outcome: 'rejected', note: 'x'.repeat(1001) }, 400, 'VALIDATION_FAILED'],
      [{ outcome: 'rejected', note: 'bad\u0007bell' }, 400, 'VALIDATION_FAILED'],
      [{ outcome: 'refunded' }, 409, 'RETURN_NOT_REFUNDED'],
    ];
    for (const [body, status, code] of refusals) {
      const refused = await call(
        'POST',
        `/api/orders/${order._id}/return/close`,
        staff.token,
        body,
      );
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json()).toMatchObject({ code });
    }
    const noteMissing = await call('POST', `/api/orders/${order._id}/return/close`, staff.token, {
      outcome: 'rejected',
    });
    expect(noteMissing.json()).toMatchObject({ errors: [{ path: 'note' }] });
    expect(
      (
        await call('POST', `/api/orders/${order._id}/return/close`, customer.token, {
          outcome: 'rejected',
          note: 'no',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/api/orders/${order._id}/return/close`, undefined, {
          outcome: 'rejected',
          note: 'no',
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await call('POST', '/api/orders/nosuchorder/return/close', staff.token, {
          outcome: 'rejected',
          note: 'no',
        })
      ).statusCode,
    ).toBe(404);
    // Nothing changed by any of those.
    expect(
      (await ok('POST', `/api/orders/${order._id}/notes`, staff.token, { text: 'checked' })).status,
    ).toBe('return_requested');

    const rejected = await ok('POST', `/api/orders/${order._id}/return/close`, staff.token, {
      outcome: 'rejected',
      note: 'It came back more than 14 days after you asked.',
    });
    expect(rejected).toMatchObject({ status: 'delivered', returnClosed: { outcome: 'rejected' } });
    const told = (await mailsTo(customer.email)).find(
      (mail) => mail.subject === `Your return of order ${order.orderNumber}`,
    );
    expect(told?.text).toContain(
      'We are sorry: we could not accept your return. It came back more than 14 days after you asked.',
    );
    const twice = await call('POST', `/api/orders/${order._id}/return/close`, staff.token, {
      outcome: 'rejected',
      note: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'RETURN_NOT_OPEN' });
  });

  it('closes a return refunded in full by itself', async () => {
    const { order } = await returningJumper();
    const refund = await call('POST', `/api/orders/${order._id}/refunds`, admin.token, {
      amount: order.totalPrice,
      reason: 'Returned unworn',
    });
    expect(orderSchema.parse(refund.json())).toMatchObject({
      status: 'refunded',
      returnClosed: { outcome: 'refunded', note: '' },
    });
    expect((await desk()).returnsRequested.map((each) => each._id)).not.toContain(order._id);
  });

  it('sends a replacement in exchange: a new order of £0, linked both ways, taking its stock', async () => {
    const { order, customer, small, medium } = await returningJumper();
    const vatBefore = vatReportSchema.parse(
      (await call('GET', '/api/reports/vat', admin.token)).json(),
    );
    const [smallBefore, mediumBefore] = [await stockOf(small), await stockOf(medium)];
    const product = order.orderItems[0]?.product ?? '';
    const made = await call('POST', `/api/orders/${order._id}/exchange`, staff.token, {
      items: [{ product, variant: medium, qty: 1 }],
      restock: [{ product, variant: small, qty: 1 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const replacement: Order = orderSchema.parse(made.json());
    expect(replacement).toMatchObject({
      exchangeFor: order._id,
      status: 'paid',
      isPaid: false,
      totalPrice: 0,
      itemsPrice: 0,
      shippingPrice: 0,
      taxPrice: 0,
      paymentMethod: 'Exchange',
      user: { _id: customer.id, name: 'Martha Swap' },
      buyer: { name: 'Martha Swap', email: customer.email },
      shippingAddress: order.shippingAddress,
      orderItems: [
        expect.objectContaining({
          product,
          variant: medium,
          variantLabel: 'Size: M',
          qty: 1,
          price: 0,
        }),
      ],
    });
    expect(replacement.orderNumber).not.toBe(order.orderNumber);
    expect(await stockOf(medium)).toBe(mediumBefore - 1);
    expect(await stockOf(small)).toBe(smallBefore + 1);

    const original = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}`, staff.token)).json(),
    );
    expect(original).toMatchObject({
      status: 'delivered',
      exchangedBy: replacement._id,
      returnClosed: { outcome: 'exchanged', note: `Replaced by order ${replacement.orderNumber}` },
    });
    // The customer sees it among their orders, and is mailed it; the desk has it to send.
    const mine = myOrdersPageSchema.parse(
      (await call('GET', '/api/orders/myorders', customer.token)).json(),
    );
    expect(mine.orders.map((each) => each._id)).toEqual([replacement._id, order._id]);
    const mail = (await mailsTo(customer.email)).find(
      (each) => each.subject === `A replacement for your order ${order.orderNumber}`,
    );
    expect(mail?.text).toContain(
      `are sending you a replacement at no charge: order ${replacement.orderNumber}`,
    );
    const today = await desk();
    expect(today.toDispatch.map((each) => each._id)).toContain(replacement._id);
    expect(today.returnsRequested.map((each) => each._id)).not.toContain(order._id);
    // Not a sale: the VAT return is as it was.
    expect((await call('GET', '/api/reports/vat', admin.token)).json()).toEqual(vatBefore);
    expect((await auditOf(order.orderNumber)).entries).toContainEqual(
      expect.objectContaining({ action: 'order.exchanged' }),
    );
    // Dispatched like any order.
    expect((await ok('PUT', `/api/orders/${replacement._id}/dispatched`, staff.token)).status).toBe(
      'dispatched',
    );
  });

  it('refuses an exchange it cannot make, and changes nothing', async () => {
    const { order, customer, small, medium } = await returningJumper({ mStock: 0 });
    const product = order.orderItems[0]?.product ?? '';
    const url = `/api/orders/${order._id}/exchange`;
    const ordersBefore = (await shop.database.db.selectFrom('orders').select('id').execute())
      .length;
    const refusals: [string | undefined, object, number, string][] = [
      [staff.token, { items: [{ product, variant: medium, qty: 1 }] }, 409, 'INSUFFICIENT_STOCK'],
      [staff.token, { items: [] }, 400, 'VALIDATION_FAILED'],
      [staff.token, { items: [{ product, variant: medium, qty: -1 }] }, 400, 'VALIDATION_FAILED'],
      [staff.token, { items: [{ product }] }, 400, 'VALIDATION_FAILED'],
      [staff.token, { items: [{ product, qty: 1 }] }, 400, 'VARIANT_REQUIRED'],
      [staff.token, { items: [{ product: 'nosuchproduct', qty: 1 }] }, 404, 'PRODUCT_UNAVAILABLE'],
      [
        staff.token,
        {
          items: [{ product, variant: small, qty: 1 }],
          restock: [{ product, variant: small, qty: 5 }],
        },
        400,
        'RESTOCK_UNKNOWN_ITEM',
      ],
      [customer.token, { items: [{ product, variant: small, qty: 1 }] }, 403, 'FORBIDDEN'],
      [undefined, { items: [{ product, variant: small, qty: 1 }] }, 401, 'UNAUTHENTICATED'],
    ];
    for (const [token, body, status, code] of refusals) {
      const refused = await call('POST', url, token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json()).toMatchObject({ code });
    }
    expect((await shop.database.db.selectFrom('orders').select('id').execute()).length).toBe(
      ordersBefore,
    );
    const still = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}`, staff.token)).json(),
    );
    expect(still.status).toBe('return_requested');
    expect(still.exchangedBy).toBeUndefined();

    // Two exchanges of one return at once: one is made, the other refused.
    const both = await Promise.all(
      [1, 2].map(() =>
        call('POST', url, staff.token, { items: [{ product, variant: small, qty: 1 }] }),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const notDelivered = await call(
      'POST',
      `/api/orders/${both.find((a) => a.statusCode === 201)?.json<Order>()._id ?? ''}/exchange`,
      staff.token,
      {
        items: [{ product, variant: small, qty: 1 }],
      },
    );
    expect(notDelivered.json()).toMatchObject({ code: 'RETURN_NOT_OPEN' });
  });
});
