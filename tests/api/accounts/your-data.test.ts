import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { myOrdersPageSchema, orderSchema, type Order } from '../../../src/shared/orders/orders';
import { vatReportSchema } from '../../../src/shared/reports/vat';
import { yourDataSchema } from '../../../src/shared/accounts/your-data';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const HOME = {
  name: 'Clara Close',
  address: '7 Willow Walk',
  line2: 'Flat 2',
  city: 'Kendal',
  postalCode: 'LA9 4QF',
  country: 'United Kingdom',
  phone: '07700 900456',
};

describe.each(testDialects())("a customer's own data on %s", (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  /**
   * A customer who proved their email address, with an order, a saved address, a review, a
   * newsletter sign-up and an alert.
   */
  async function customerWithEverything() {
    const customer = await addUser(shop, { name: 'Clara Close', proved: true });
    const ring = await addProduct(shop.database, { name: 'Stacking Ring', pricePence: 3000 });
    const soldOut = await addProduct(shop.database, { name: 'Lost Locket', countInStock: 0 });
    const lines = [{ product: ring.id, qty: 1 }];
    const extra = { shippingAddress: HOME, notes: 'Leave it behind the blue bin' };
    const payment = await openPayment(shop, customer.token, lines, extra);
    const placed = await placeOrder(shop, customer.token, payment.id, lines, extra);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    const saved = await call('POST', '/api/users/addresses', customer.token, HOME);
    expect(saved.statusCode, saved.body).toBe(201);
    const reviewed = await call('POST', `/api/products/${ring.id}/review`, customer.token, {
      rating: 5,
      comment: 'Lovely and light',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const subscribed = await call('POST', '/api/subscribers', undefined, {
      email: customer.email,
    });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    const alert = await call('POST', `/api/products/${soldOut.id}/alerts`, undefined, {
      email: customer.email,
    });
    expect(alert.statusCode, alert.body).toBe(201);
    const kept = await call('PUT', `/api/users/profile/wishlist/${ring.id}`, customer.token);
    expect(kept.statusCode, kept.body).toBe(200);
    const basket = await call('PUT', '/api/basket', customer.token, {
      items: [{ product: ring.id, qty: 2 }],
    });
    expect(basket.statusCode, basket.body).toBe(200);
    return { customer, ring, soldOut, order };
  }

  const vatNow = async () =>
    vatReportSchema.parse((await call('GET', '/api/reports/vat', admin.token)).json());

  it('downloads everything the shop holds about them, and no secret', async () => {
    const { customer, ring, soldOut, order } = await customerWithEverything();
    const answer = await call('GET', '/api/users/profile/data', customer.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="larkspur-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = yourDataSchema.strict().parse(answer.json());
    expect(data.account).toMatchObject({ name: 'Clara Close', email: customer.email });
    expect(data.orders.map((each) => each._id)).toEqual([order._id]);
    expect(data.orders[0]?.shippingAddress).toMatchObject({
      address: '7 Willow Walk',
      phone: '07700 900456',
    });
    expect(data.addresses).toEqual([expect.objectContaining({ address: '7 Willow Walk' })]);
    expect(data.reviews).toEqual([
      expect.objectContaining({ product: ring.id, rating: 5, comment: 'Lovely and light' }),
    ]);
    expect(data.wishlist).toEqual([expect.objectContaining({ product: ring.id, variant: null })]);
    expect(data.basket.items).toEqual([
      expect.objectContaining({ product: ring.id, variant: null, qty: 2 }),
    ]);
    expect(data.newsletter).toMatchObject({ confirmedAt: null });
    expect(data.stockAlerts).toEqual([
      expect.objectContaining({ product: soldOut.id, variant: null }),
    ]);
    expect(data.emailProved).toBe(true);
    // Its order is not yet sent: closing the account now would keep it whole until settled.
    expect(data.keptIfClosed).toEqual([
      { _id: order._id, orderNumber: order.orderNumber, status: 'paid', keptUntil: null },
    ]);
    const password = await shop.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    for (const secret of [password.password_hash, customer.token, customer.password]) {
      expect(answer.body).not.toContain(secret);
    }
    expect(answer.body).not.toMatch(/password|session|token|key=/i);
    expect((await call('GET', '/api/users/profile/data')).statusCode).toBe(401);
  });

  it('keeps the account as it was when the password is wrong or missing', async () => {
    const { customer } = await customerWithEverything();
    for (const [body, status] of [
      [{ password: 'not-my-password' }, 403],
      [{}, 400],
      [{ password: 42 }, 400],
    ] as const) {
      const refused = await call('DELETE', '/api/users/profile', customer.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect((await call('GET', '/api/users/profile', customer.token)).statusCode).toBe(200);
    expect(
      myOrdersPageSchema.parse((await call('GET', '/api/orders/myorders', customer.token)).json())
        .orders,
    ).toHaveLength(1);
    const signIn = await call('POST', '/api/users/login', undefined, {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.statusCode).toBe(200);
  });

  /** Cancels a customer's order, which settles it. */
  async function cancel(token: string, id: string) {
    const cancelled = await call('POST', `/api/orders/${id}/cancel`, token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  }

  it('closes the account: tokens dead, sign-in refused, settled orders kept for VAT without the person', async () => {
    const { customer, ring, order } = await customerWithEverything();
    await cancel(customer.token, order._id);
    const vatBefore = await vatNow();
    const closed = await call('DELETE', '/api/users/profile', customer.token, {
      password: customer.password,
    });
    expect(closed.statusCode, closed.body).toBe(200);

    expect((await call('GET', '/api/users/profile', customer.token)).statusCode).toBe(401);
    expect((await call('GET', '/api/orders/myorders', customer.token)).statusCode).toBe(401);
    const signIn = await call('POST', '/api/users/login', undefined, {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.statusCode).toBe(401);

    const kept = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}`, admin.token)).json(),
    );
    expect(kept).toMatchObject({
      user: { _id: null, name: 'A former customer' },
      itemsPrice: order.itemsPrice,
      totalPrice: order.totalPrice,
      taxPrice: order.taxPrice,
      paidAt: order.paidAt,
      notes: '',
      shippingAddress: {
        name: '',
        address: '',
        line2: '',
        phone: '',
        city: 'Kendal',
        postalCode: 'LA9',
      },
      paymentResult: { email_address: '' },
      email: '',
    });
    expect(kept.orderItems).toEqual(order.orderItems);
    expect(JSON.stringify(kept)).not.toMatch(/Clara|Willow|07700 900456|blue bin|LA9 4QF/);
    expect(await vatNow()).toEqual(vatBefore);
    // The back office no longer finds the order by who they were.
    const found = await call(
      'GET',
      `/api/orders?q=${encodeURIComponent(customer.email)}`,
      admin.token,
    );
    expect(found.json()).toMatchObject({ total: 0 });

    const product = productDetailSchema.parse(
      (await call('GET', `/api/products/${ring.id}`)).json(),
    );
    expect(product.reviews.map((review) => review.name)).toEqual(['A former customer']);
    expect(product.numReviews).toBe(1);
    const { db } = shop.database;
    for (const table of ['subscribers', 'stock_alerts'] as const) {
      const left = await db
        .selectFrom(table)
        .select('email')
        .where('email', '=', customer.email)
        .execute();
      expect(left, table).toEqual([]);
    }
    expect(
      await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', customer.email)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('saved_addresses')
        .select('id')
        .where('user_id', '=', customer.id)
        .execute(),
    ).toEqual([]);
    // The payment stays in the ledger, no longer anyone's.
    const payment = await db
      .selectFrom('payments')
      .select(['user_id', 'status'])
      .where('id', '=', order.paymentResult.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ user_id: null, status: 'fulfilled' });
  });

  it('lets an admin close a customer with orders, keeping the orders and naming no one in the log', async () => {
    const { customer, order } = await customerWithEverything();
    await cancel(customer.token, order._id);
    const vatBefore = await vatNow();
    const removed = await call('DELETE', `/api/users/${customer.id}`, admin.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', '/api/users/profile', customer.token)).statusCode).toBe(401);
    const kept: Order = orderSchema.parse(
      (await call('GET', `/api/orders/${order._id}`, admin.token)).json(),
    );
    expect(kept).toMatchObject({
      totalPrice: order.totalPrice,
      user: { name: 'A former customer' },
    });
    expect(kept.shippingAddress.address).toBe('');
    expect(await vatNow()).toEqual(vatBefore);
    const audit = await call('GET', '/api/audit?q=deleted', admin.token);
    expect(audit.body).not.toContain(customer.email);
    expect((await call('DELETE', `/api/users/${customer.id}`, admin.token)).statusCode).toBe(404);
  });

  it('refuses to close an account that runs the shop from its own profile', async () => {
    const staff = await addUser(shop, { role: 'staff' });
    const refused = await call('DELETE', '/api/users/profile', staff.token, {
      password: staff.password,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'OWN_ACCOUNT' });
    expect((await call('GET', '/api/users/profile', staff.token)).statusCode).toBe(200);
  });
});
