import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCustomersAndNotes } from '../../../src/server/db/migrations/033-guest-customers-and-notes';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { customerDetailSchema, customerPageSchema } from '../../../src/shared/customers/customers';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { ADDRESS, openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const HOME = { ...ADDRESS, name: 'Gwen Guest', phone: '07700 900111' };
const WORK = {
  name: 'Gwen Guest',
  address: '1 Market Place',
  line2: '',
  city: 'Skipton',
  postalCode: 'BD23 1DD',
  country: 'United Kingdom',
  phone: '01756 000222',
};

describe.each(testDialects())('guests among the customers on %s', (dialect) => {
  let shop: TestShop;
  let staff: TestUser;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  async function guestBuys(email: string, name: string, address: object): Promise<Order> {
    const product = await addProduct(shop.database, { pricePence: 2000 });
    const body = {
      orderItems: [{ product: product.id, qty: 1 }],
      email,
      buyer: { name },
      shippingAddress: address,
    };
    const from = freshAddress();
    const paying = await shop.app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: body,
      remoteAddress: from,
    });
    expect(paying.statusCode, paying.body).toBe(200);
    const placing = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...body, paymentResult: { id: paying.json<{ id: string }>().id } },
      remoteAddress: from,
    });
    expect(placing.statusCode, placing.body).toBe(201);
    return orderSchema.parse(placing.json());
  }

  const customers = async (query = '') =>
    customerPageSchema.parse((await call('GET', `/api/customers${query}`, staff.token)).json());

  it('lists a guest by email beside the accounts, with their orders in sum', async () => {
    const email = `gwen.${Date.now()}@example.com`;
    const first = await guestBuys(email, 'Gwen G', HOME);
    const second = await guestBuys(email, 'Gwen Guest', WORK);
    const refund = await call('POST', `/api/orders/${first._id}/refunds`, admin.token, {
      amount: 5,
      reason: 'Scratched',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const account = await addUser(shop, { name: 'Gwen Account' });

    const found = await customers(`?q=${encodeURIComponent('gwen')}`);
    const guest = found.customers.find((each) => each.email === email);
    expect(guest).toEqual({
      _id: expect.any(String) as string,
      kind: 'guest',
      name: 'Gwen Guest',
      email,
      orders: 2,
      spent: 44.98,
      lastOrderAt: second.createdAt,
    });
    expect(found.customers.find((each) => each._id === account.id)).toMatchObject({
      kind: 'account',
      orders: 0,
    });
    // Newest first, the guest among the accounts by when they first ordered.
    const all = await customers();
    expect(all.customers.map((each) => each._id)).toContain(guest?._id);

    const page = customerDetailSchema.parse(
      (await call('GET', `/api/customers/${guest?._id ?? ''}`, staff.token)).json(),
    );
    expect(page).toMatchObject({
      kind: 'guest',
      role: null,
      name: 'Gwen Guest',
      email,
      createdAt: first.createdAt,
      refunded: 5,
      phones: ['01756 000222', '07700 900111'],
      notes: [],
    });
    expect(page.orders.map((order) => order._id)).toEqual([second._id, first._id]);
    expect(page.addresses.map((address) => address.address)).toEqual([
      '1 Market Place',
      '12 Mill Lane',
    ]);

    // Every order links to its customer's page.
    for (const order of [first, second]) {
      const seen = orderSchema.parse(
        (await call('GET', `/api/orders/${order._id}`, staff.token)).json(),
      );
      expect(seen.customerId).toBe(guest?._id);
    }
  });

  it('links an account’s order to the account, and never shows the link to the customer', async () => {
    const customer = await addUser(shop, { name: 'Avery Account' });
    const product = await addProduct(shop.database, { pricePence: 1500 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines, { shippingAddress: HOME });
    const placed = orderSchema.parse(
      (await placeOrder(shop, customer.token, payment.id, lines, { shippingAddress: HOME })).json(),
    );
    const asStaff = orderSchema.parse(
      (await call('GET', `/api/orders/${placed._id}`, staff.token)).json(),
    );
    expect(asStaff.customerId).toBe(customer.id);
    const asOwner = orderSchema.parse(
      (await call('GET', `/api/orders/${placed._id}`, customer.token)).json(),
    );
    expect(asOwner.customerId).toBeUndefined();
    const page = customerDetailSchema.parse(
      (await call('GET', `/api/customers/${customer.id}`, staff.token)).json(),
    );
    expect(page).toMatchObject({ kind: 'account', role: 'customer', phones: ['07700 900111'] });
  });

  it('keeps staff notes on a customer, audited, for staff alone', async () => {
    const email = `noted.${Date.now()}@example.com`;
    await guestBuys(email, 'Nell Noted', HOME);
    const guest = (await customers(`?q=${encodeURIComponent(email)}`)).customers[0];
    const url = `/api/customers/${guest?._id ?? ''}/notes`;
    const added = await call('POST', url, staff.token, { text: 'Prefers a call:\nafter 5pm' });
    expect(added.statusCode, added.body).toBe(201);
    expect(customerDetailSchema.parse(added.json()).notes).toEqual([
      {
        _id: expect.any(String) as string,
        at: expect.any(String) as string,
        by: 'Sam Staff',
        text: 'Prefers a call:\nafter 5pm',
      },
    ]);
    for (const [token, body, status] of [
      [staff.token, { text: '' }, 400],
      [staff.token, { text: 'x'.repeat(2001) }, 400],
      [staff.token, { text: 'bell\u0007' }, 400],
      [staff.token, {}, 400],
      [(await addUser(shop)).token, { text: 'hi' }, 403],
      [undefined, { text: 'hi' }, 401],
    ] as const) {
      expect((await call('POST', url, token, body)).statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(
      (await call('POST', '/api/customers/nobody/notes', staff.token, { text: 'hi' })).statusCode,
    ).toBe(404);
    const page = customerDetailSchema.parse(
      (await call('GET', `/api/customers/${guest?._id ?? ''}`, staff.token)).json(),
    );
    expect(page.notes).toHaveLength(1);
    const audit = auditPageSchema.parse(
      (
        await call(
          'GET',
          `/api/audit?action=customer.note_added&q=${encodeURIComponent(email)}`,
          admin.token,
        )
      ).json(),
    );
    expect(audit.entries).toEqual([
      expect.objectContaining({
        action: 'customer.note_added',
        target: { type: 'customer', id: guest?._id, label: email },
        after: { text: 'Prefers a call:\nafter 5pm' },
      }),
    ]);
  });

  it('drops a guest whose orders have all joined an account', async () => {
    const email = `joined.${Date.now()}@example.com`;
    const order = await guestBuys(email, 'Jo Joined', HOME);
    expect((await customers(`?q=${encodeURIComponent(email)}`)).customers).toEqual([
      expect.objectContaining({ kind: 'guest', email }),
    ]);
    const jo = await addUser(shop, { email, name: 'Jo Joined' });
    const key = /key=([^&]+)$/.exec(order.orderLink ?? '')?.[1] ?? '';
    const claimed = await call('POST', `/api/orders/${order._id}/claim?key=${key}`, jo.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await customers(`?q=${encodeURIComponent(email)}`)).customers).toEqual([
      expect.objectContaining({ kind: 'account', _id: jo.id, orders: 1 }),
    ]);
  });

  it('gathers the guests who ordered before guests were customers', async () => {
    const email = `earlier.${Date.now()}@example.com`;
    await guestBuys(email, 'Ed Earlier', HOME);
    const migration = guestCustomersAndNotes(dialect);
    await migration.down?.(shop.database.db);
    await migration.up(shop.database.db);
    expect((await customers(`?q=${encodeURIComponent(email)}`)).customers).toEqual([
      expect.objectContaining({ kind: 'guest', email, name: 'Ed Earlier', orders: 1 }),
    ]);
  });
});
