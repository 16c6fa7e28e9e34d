import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskSchema } from '../../../src/shared/desk/desk';
import {
  adminOrderPageSchema,
  orderSchema,
  recipientOrderSchema,
  type Order,
} from '../../../src/shared/orders/orders';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
const HELEN = {
  name: 'Helen Lamb',
  address: '9 Orchard Row',
  line2: 'Top flat',
  city: 'Ludlow',
  postalCode: 'SY8 1AX',
  country: 'United Kingdom',
  phone: '07700 900654',
};
const MESSAGE = 'Happy birthday, Mum!\nLove, George';
const LINK = new RegExp(`^${PUBLIC_URL}/order/([^?]+)\\?key=([A-Za-z0-9_-]{43})$`);

const keyIn = (link: string | undefined) => {
  const key = LINK.exec(link ?? '')?.[2];
  if (!key) throw new Error(`not an order link: ${String(link)}`);
  return key;
};

describe.each(testDialects())('buyers, recipients and gift links on %s', (dialect) => {
  let shop: TestShop;
  let staff: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL });
    staff = await addUser(shop, { role: 'staff' });
  });
  afterAll(() => shop.close());

  const guestPost = (url: string, payload: object) =>
    shop.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });

  /** George, a guest, sends his mother a wrapped pendant with a message. */
  async function georgeSendsAGift(email = `george.lamb.${Date.now()}@example.com`) {
    const pendant = await addProduct(shop.database, {
      name: 'Moonstone Pendant',
      pricePence: 4500,
    });
    const body = {
      orderItems: [{ product: pendant.id, qty: 1 }],
      email,
      buyer: { name: 'George Lamb' },
      shippingAddress: HELEN,
      gift: { message: MESSAGE, wrap: true },
    };
    const paying = await guestPost('/api/payments', body);
    expect(paying.statusCode, paying.body).toBe(200);
    const payment = paying.json<{ id: string }>();
    const placing = await guestPost('/api/orders', {
      ...body,
      notes: 'Please ring the top bell',
      paymentResult: { id: payment.id },
    });
    expect(placing.statusCode, placing.body).toBe(201);
    return { order: orderSchema.parse(placing.json()), email };
  }

  it('keeps the guest buyer apart from the recipient, and names the buyer to the shop', async () => {
    const { order, email } = await georgeSendsAGift();
    expect(order).toMatchObject({
      user: null,
      buyer: { name: 'George Lamb', email },
      shippingAddress: { name: 'Helen Lamb', address: '9 Orchard Row' },
      gift: { message: MESSAGE, wrap: true },
    });
    expect(keyIn(order.orderLink)).not.toBe(keyIn(order.recipientLink));

    const toShop = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', shop.config.trader.email)
      .where('subject', 'like', `New order ${order.orderNumber}%`)
      .executeTakeFirstOrThrow();
    expect(toShop.subject).toBe(
      `New order ${order.orderNumber} from George Lamb, to Helen Lamb: £53.49`,
    );
    expect(toShop.text_body).toContain(
      `George Lamb (${email}) has ordered a gift for Helen Lamb and paid. It goes by Royal Mail Tracked 48: dispatch it by `,
    );
    // The links with keys are the buyer's alone: the shop's mail carries neither.
    expect(toShop.text_body).not.toContain('?key=');

    // The buyer's confirmation carries the recipient's link, to forward.
    const confirmation = await shop.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain(
      `Forward this link to Helen Lamb so they can follow the parcel (it shows no prices): ${order.recipientLink ?? ''}`,
    );

    const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
    expect(desk.toDispatch.find((each) => each._id === order._id)).toMatchObject({
      customer: { name: 'George Lamb', email },
      recipient: 'Helen Lamb',
    });
    for (const words of ['George Lamb', 'Helen']) {
      const found = adminOrderPageSchema.parse(
        (await call('GET', `/api/orders?q=${encodeURIComponent(words)}`, staff.token)).json(),
      );
      expect(found.orders.find((each) => each._id === order._id)?.buyer).toEqual({
        name: 'George Lamb',
        email,
      });
    }
  });

  it('shows the recipient their gift without prices, address or a way to cancel it', async () => {
    const { order, email } = await georgeSendsAGift();
    const recipientKey = keyIn(order.recipientLink);
    const url = `/api/orders/${order._id}?key=${recipientKey}`;
    const seen = await call('GET', url);
    expect(seen.statusCode, seen.body).toBe(200);
    const view = recipientOrderSchema.strict().parse(seen.json());
    expect(view).toMatchObject({
      _id: order._id,
      orderNumber: order.orderNumber,
      forRecipient: true,
      from: 'George Lamb',
      status: 'paid',
      shippingAddress: { name: 'Helen Lamb', city: 'Ludlow' },
      gift: { message: MESSAGE, wrap: true },
      tracking: null,
      orderItems: [expect.objectContaining({ name: 'Moonstone Pendant', qty: 1 })],
    });
    // The dates the buyer was given with the service chosen.
    const sold = order.delivery?.estimate;
    expect(view.estimate).toEqual({ from: sold?.from, to: sold?.to });
    for (const hidden of [
      '9 Orchard Row',
      'Top flat',
      'SY8 1AX',
      '07700 900654',
      email,
      'ring the top bell',
      'Price',
      'payment',
    ]) {
      expect(seen.body, hidden).not.toContain(hidden);
    }

    const cancel = await call('POST', `/api/orders/${order._id}/cancel?key=${recipientKey}`);
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json()).toMatchObject({ code: 'FORBIDDEN' });
    const helen = await addUser(shop, { email });
    const claim = await call(
      'POST',
      `/api/orders/${order._id}/claim?key=${recipientKey}`,
      helen.token,
    );
    expect(claim.statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order._id}?key=${recipientKey}x`)).statusCode).toBe(
      404,
    );

    // The buyer's own link keeps what it showed, prices and cancelling.
    const buyerKey = keyIn(order.orderLink);
    const own: Order = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}?key=${buyerKey}`)).json(),
    );
    expect(own).toMatchObject({
      status: 'paid',
      totalPrice: 53.49,
      buyer: { name: 'George Lamb', email: '' },
      shippingAddress: { name: 'Helen Lamb', address: '', city: 'Ludlow' },
    });

    // Once sent, the recipient follows the parcel.
    const dispatched = await call('PUT', `/api/orders/${order._id}/dispatched`, staff.token, {
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const followed = recipientOrderSchema.parse((await call('GET', url)).json());
    expect(followed).toMatchObject({
      status: 'dispatched',
      isDispatched: true,
      tracking: { carrier: 'Royal Mail', number: 'AB123456789GB' },
    });
    expect(followed.estimate).not.toBeNull();
    const cancelled = await call('POST', `/api/orders/${order._id}/cancel?key=${buyerKey}`);
    expect(cancelled.json()).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE' });
  });

  it('gives a customer’s gift a recipient link too, under the account’s name', async () => {
    const customer = await addUser(shop, { name: 'Rosa Reed' });
    const scarf = await addProduct(shop.database, { name: 'Merino Scarf', pricePence: 3500 });
    const body = {
      orderItems: [{ product: scarf.id, qty: 1 }],
      buyer: { name: 'Somebody Else' },
      shippingAddress: HELEN,
      gift: { message: 'For you', wrap: false },
    };
    const payment = await call('POST', '/api/payments', customer.token, body);
    expect(payment.statusCode, payment.body).toBe(200);
    const placed = await call('POST', '/api/orders', customer.token, {
      ...body,
      paymentResult: { id: payment.json<{ id: string }>().id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.orderLink).toBeUndefined();
    expect(order.buyer).toEqual({ name: 'Rosa Reed', email: customer.email });
    const view = await call('GET', `/api/orders/${order._id}?key=${keyIn(order.recipientLink)}`);
    expect(recipientOrderSchema.parse(view.json()).from).toBe('Rosa Reed');

    // Sent back, it waits on the desk under its buyer, to its recipient.
    for (const move of ['dispatched', 'delivered'] as const) {
      const moved = await call('PUT', `/api/orders/${order._id}/${move}`, staff.token, {});
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const asked = await call('POST', `/api/orders/${order._id}/return`, customer.token, {
      reason: 'Helen has one already',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const desk = deskSchema.parse((await call('GET', '/api/admin/desk', staff.token)).json());
    expect(desk.returnsRequested.find((each) => each._id === order._id)).toEqual({
      _id: order._id,
      orderNumber: order.orderNumber,
      requestedAt: expect.any(String) as string,
      reason: 'Helen has one already',
      kind: 'changed-mind',
      customer: { name: 'Rosa Reed', email: customer.email },
      recipient: 'Helen Lamb',
    });

    // An order that is not a gift has no recipient's link.
    const plain = await call('POST', '/api/payments', customer.token, { ...body, gift: null });
    const plainOrder = await call('POST', '/api/orders', customer.token, {
      ...body,
      gift: null,
      paymentResult: { id: plain.json<{ id: string }>().id },
    });
    expect(orderSchema.parse(plainOrder.json()).recipientLink).toBeUndefined();
  });

  it('refuses a buyer’s name that is no name', async () => {
    const pendant = await addProduct(shop.database, { pricePence: 4500 });
    for (const buyer of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'Bell\u0007' },
      { name: 42 },
      'George',
    ]) {
      const refused = await guestPost('/api/payments', {
        orderItems: [{ product: pendant.id, qty: 1 }],
        email: 'george@example.com',
        buyer,
        shippingAddress: HELEN,
      });
      expect(refused.statusCode, JSON.stringify(buyer)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
