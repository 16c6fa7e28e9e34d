import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetSettledOrders } from '../../../src/server/orders/forget-buyer';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { closedAccountSchema, yourDataSchema } from '../../../src/shared/accounts/your-data';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const HOME = {
  name: 'Nora Norwich',
  address: '3 Elm Hill',
  line2: '',
  city: 'Norwich',
  postalCode: 'NR2 1HN',
  country: 'United Kingdom',
  phone: '07700 900321',
};
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('an account closed with open orders on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  async function buy(customer: TestUser): Promise<Order> {
    const product = await addProduct(shop.database, { name: 'Silver Hoop', pricePence: 2999 });
    const lines = [{ product: product.id, qty: 1 }];
    const extra = { shippingAddress: HOME };
    const payment = await openPayment(shop, customer.token, lines, extra);
    const placed = await placeOrder(shop, customer.token, payment.id, lines, extra);
    expect(placed.statusCode, placed.body).toBe(201);
    return orderSchema.parse(placed.json());
  }

  const asAdmin = async (id: string) => {
    const answer = await call('GET', `/api/orders/${id}`, admin.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return orderSchema.parse(answer.json());
  };

  const move = async (method: 'PUT' | 'POST', url: string, token: string, body?: object) => {
    const answer = await call(method, url, token, body);
    expect(answer.statusCode, answer.body).toBe(200);
    return orderSchema.parse(answer.json());
  };

  const mailsTo = (recipient: string) =>
    shop.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', recipient)
      .orderBy('created_at')
      .execute();

  /** What a kept order must still hold for the parcel to reach her. */
  const whole = {
    user: { _id: null, name: 'Nora Norwich' },
    shippingAddress: {
      name: 'Nora Norwich',
      address: '3 Elm Hill',
      city: 'Norwich',
      postalCode: 'NR2 1HN',
      phone: '07700 900321',
    },
  };
  const forgotten = {
    user: { _id: null, name: 'A former customer' },
    email: '',
    shippingAddress: { name: '', address: '', phone: '', city: 'Norwich', postalCode: 'NR2' },
  };

  it('keeps a paid, a dispatched and a returning order whole until each is settled, then forgets it', async () => {
    const customer = await addUser(shop, { name: 'Nora Norwich' });
    const paid = await buy(customer);
    const dispatched = await buy(customer);
    const returning = await buy(customer);
    const cancelled = await buy(customer);
    await move('PUT', `/api/orders/${dispatched._id}/dispatched`, admin.token);
    await move('PUT', `/api/orders/${returning._id}/dispatched`, admin.token);
    await move('PUT', `/api/orders/${returning._id}/delivered`, admin.token);
    await move('POST', `/api/orders/${returning._id}/return`, customer.token, {
      reason: 'Too small',
    });
    await move('POST', `/api/orders/${cancelled._id}/cancel`, customer.token);

    // Before closing, the data download says which orders closing would keep.
    const data = yourDataSchema.parse(
      (await call('GET', '/api/users/profile/data', customer.token)).json(),
    );
    const expectedKept = [
      {
        _id: returning._id,
        orderNumber: returning.orderNumber,
        status: 'return_requested',
        keptUntil: null,
      },
      {
        _id: dispatched._id,
        orderNumber: dispatched.orderNumber,
        status: 'dispatched',
        keptUntil: null,
      },
      { _id: paid._id, orderNumber: paid.orderNumber, status: 'paid', keptUntil: null },
    ];
    expect(new Set(data.keptIfClosed.map((kept) => JSON.stringify(kept)))).toEqual(
      new Set(expectedKept.map((kept) => JSON.stringify(kept))),
    );

    const closed = await call('DELETE', '/api/users/profile', customer.token, {
      password: customer.password,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const answer = closedAccountSchema.parse(closed.json());
    expect(answer.message).toBe('Your account is closed');
    expect(new Set((answer.keptOrders ?? []).map((kept) => JSON.stringify(kept)))).toEqual(
      new Set(expectedKept.map((kept) => JSON.stringify(kept))),
    );

    // The account is gone at once.
    expect((await call('GET', '/api/users/profile', customer.token)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/users/login', undefined, {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.statusCode).toBe(401);

    // The shop is told which orders stay, and until when.
    const toShop = await mailsTo(shop.config.trader.email);
    const told = toShop.find((mail) => mail.subject.includes('closed their account'));
    expect(told?.subject).toBe('A customer closed their account: 3 open orders kept until settled');
    for (const order of [paid, dispatched, returning]) {
      expect(told?.text_body).toContain(order.orderNumber);
    }
    expect(told?.text_body).not.toContain(cancelled.orderNumber);

    // The settled order is forgotten now; the open ones are whole, with the email the parcel needs.
    expect(await asAdmin(cancelled._id)).toMatchObject(forgotten);
    for (const order of [paid, dispatched, returning]) {
      expect(await asAdmin(order._id)).toMatchObject({ ...whole, email: customer.email });
    }

    // The owner still sends and delivers the paid order, and the customer is still mailed.
    await move('PUT', `/api/orders/${paid._id}/dispatched`, admin.token);
    const delivered = await move('PUT', `/api/orders/${paid._id}/delivered`, admin.token);
    const customerMails = (await mailsTo(customer.email)).map((mail) => mail.subject);
    expect(customerMails).toContain('Your Larkspur order is on its way');
    expect(customerMails).toContain('Your Larkspur order has been delivered');

    // Nothing is settled yet: a pass forgets nothing.
    expect(await forgetSettledOrders(shop, new Date())).toBe(0);

    // The return is refunded in full: settled, so the next pass forgets it.
    const refunded = await call('POST', `/api/orders/${returning._id}/refunds`, admin.token, {
      amount: returning.totalPrice,
      reason: 'Returned',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await forgetSettledOrders(shop, new Date())).toBe(1);
    expect(await asAdmin(returning._id)).toMatchObject(forgotten);
    expect(await asAdmin(dispatched._id)).toMatchObject(whole);

    // The delivered one is kept through its return window, and forgotten once it is over.
    const deliveredAt = new Date(delivered.deliveredAt ?? '').getTime();
    expect(await forgetSettledOrders(shop, new Date(deliveredAt + 13 * DAY_MS))).toBe(0);
    expect(await asAdmin(paid._id)).toMatchObject(whole);
    expect(await forgetSettledOrders(shop, new Date(deliveredAt + 15 * DAY_MS))).toBe(1);
    const gone = await asAdmin(paid._id);
    expect(gone).toMatchObject(forgotten);
    expect(JSON.stringify(gone)).not.toMatch(/Nora|Elm Hill|07700 900321|NR2 1HN/);
    expect(gone.events?.map((event) => event.type)).toEqual([
      'placed',
      'account_closed',
      'dispatched',
      'delivered',
      'buyer_forgotten',
    ]);
    // Found no more by who she was.
    const search = await call(
      'GET',
      `/api/orders?q=${encodeURIComponent(customer.email)}`,
      admin.token,
    );
    expect(search.json()).toMatchObject({ total: 1 });
    expect(search.json()).toMatchObject({ orders: [{ _id: dispatched._id }] });
    // A pass run again, as another instance would, finds nothing left to do.
    expect(await forgetSettledOrders(shop, new Date(deliveredAt + 15 * DAY_MS))).toBe(0);
  });

  it('keeps them the same way when an admin closes the customer', async () => {
    const customer = await addUser(shop, { name: 'Nora Norwich' });
    const paid = await buy(customer);
    const removed = await call('DELETE', `/api/users/${customer.id}`, admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(closedAccountSchema.parse(removed.json())).toEqual({
      message: `User removed; order ${paid.orderNumber} keeps their details until it is settled`,
      keptOrders: [
        { _id: paid._id, orderNumber: paid.orderNumber, status: 'paid', keptUntil: null },
      ],
    });
    expect(await asAdmin(paid._id)).toMatchObject({ ...whole, email: customer.email });
    const cancelled = await call('POST', `/api/orders/${paid._id}/cancel`, admin.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await forgetSettledOrders(shop, new Date())).toBe(1);
    expect(await asAdmin(paid._id)).toMatchObject(forgotten);
  });

  it('forgets at once an account whose orders are all settled, and tells the shop nothing', async () => {
    const customer = await addUser(shop, { name: 'Nora Norwich' });
    const order = await buy(customer);
    await move('POST', `/api/orders/${order._id}/cancel`, customer.token);
    const closed = await call('DELETE', '/api/users/profile', customer.token, {
      password: customer.password,
    });
    expect(closed.json()).toEqual({ message: 'Your account is closed' });
    expect(await asAdmin(order._id)).toMatchObject(forgotten);
    const toShop = await mailsTo(shop.config.trader.email);
    expect(
      toShop
        .filter((mail) => mail.text_body.includes(order.orderNumber))
        .map((mail) => mail.subject),
    ).toEqual([
      `New order ${order.orderNumber} from Nora Norwich: £34.98`,
      `Order ${order.orderNumber} cancelled`,
    ]);
  });
});
