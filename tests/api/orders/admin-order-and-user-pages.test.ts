import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '../../../src/shared/api';
import { adminOrderPageSchema, type AdminOrderPage } from '../../../src/shared/orders/orders';
import { adminUserPageSchema, type AdminUserPage } from '../../../src/shared/accounts/accounts';
import { newId } from '../../../src/server/sql/ids';
import type { Database } from '../../../src/server/db/schema';
import { freeOrderNumber } from '../../../src/server/orders/checkout/order-numbers';
import { insertOrder } from '../../../src/server/orders/order-writes.repository';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { ADDRESS } from '../../support/order-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** A year of the shop's history: one row a day from the first of January 2025. */
const dayOf = (index: number) => new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString();

const BULK = ADMIN_PAGE_SIZE + 5;
const BAD_PAGE_NUMBERS = ['abc', '0', '-2', '1.5', '', '99999999999999999999'];

/** An order put straight into the database, as checkout would have stored it on that day. */
async function addOrder(
  db: Kysely<Database>,
  customer: TestUser,
  notes: string,
  createdAt: string,
) {
  return insertOrder(db, {
    id: newId(),
    orderNumber: await freeOrderNumber(db),
    userId: customer.id,
    userName: customer.name,
    userEmail: customer.email,
    shippingAddress: { line2: '', county: '', phone: '', ...ADDRESS },
    paymentMethod: 'PayPal',
    itemsPence: 1000,
    shippingPence: 499,
    taxPence: 250,
    voucherName: null,
    voucherCode: null,
    voucherDiscountPence: 0,
    totalPence: 1499,
    notes,
    paymentId: `payment-${notes}`,
    captureId: `capture-${notes}`,
    paymentStatus: 'COMPLETED',
    payerEmail: customer.email,
    paymentUpdateTime: createdAt,
    paidAt: createdAt,
    createdAt,
    items: [
      {
        productId: null,
        variantId: null,
        variantLabel: null,
        sku: null,
        name: `Silver Pendant for ${notes}`,
        brand: 'Larkspur',
        image: '/uploads/pendant.webp',
        pricePence: 1000,
        qty: 1,
      },
    ],
  });
}

describe.each(testDialects())('the admin order and user lists, 20 a page, on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    customer = await addUser(shop, { name: 'Cy Customer' });
    const { db } = shop.database;
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < BULK; index += 1) {
        await trx
          .insertInto('users')
          .values({
            id: newId(),
            name: `Bulk Customer ${index}`,
            email: `bulk${index}@example.com`,
            password_hash: 'not a hash anyone can sign in with',
            role: 'customer',
            created_at: dayOf(index),
            updated_at: dayOf(index),
          })
          .execute();
        await addOrder(trx, customer, `Order ${index}`, dayOf(index));
      }
    });
  }, 60_000);
  afterAll(() => shop.close());

  async function ordersAt(query: string): Promise<AdminOrderPage> {
    const response = await call('GET', `/api/orders${query}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return adminOrderPageSchema.strict().parse(response.json());
  }

  async function usersAt(query: string): Promise<AdminUserPage> {
    const response = await call('GET', `/api/users${query}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return adminUserPageSchema.strict().parse(response.json());
  }

  describe('orders', () => {
    it('answers the newest 20 on page 1 and the rest on page 2, with their items', async () => {
      const first = await ordersAt('?pageNumber=1');
      const second = await ordersAt('?pageNumber=2');
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(second).toMatchObject({ page: 2, pages: 2 });
      expect(first.orders.map((order) => order.notes)).toEqual(
        Array.from({ length: ADMIN_PAGE_SIZE }, (_, index) => `Order ${BULK - 1 - index}`),
      );
      expect(second.orders.map((order) => order.notes)).toEqual(
        Array.from({ length: BULK - ADMIN_PAGE_SIZE }, (_, index) => {
          return `Order ${BULK - 1 - ADMIN_PAGE_SIZE - index}`;
        }),
      );
      expect(first.orders[0]).toMatchObject({
        user: { _id: customer.id, name: 'Cy Customer' },
        orderItems: [{ name: `Silver Pendant for Order ${BULK - 1}`, qty: 1, price: 10 }],
        totalPrice: 14.99,
        createdAt: dayOf(BULK - 1),
        isPaid: true,
        status: 'paid',
      });
      // Lists carry no order histories: those are on each order's own page.
      expect(first.orders.some((order) => 'events' in order)).toBe(false);
    });

    it('reads a missing or unreadable page number as page 1', async () => {
      const first = await ordersAt('?pageNumber=1');
      expect(await ordersAt('')).toEqual(first);
      for (const pageNumber of BAD_PAGE_NUMBERS) {
        expect(await ordersAt(`?pageNumber=${pageNumber}`), pageNumber).toEqual(first);
      }
    });

    it('answers an empty page past the end', async () => {
      expect(await ordersAt('?pageNumber=7')).toEqual({
        orders: [],
        page: 7,
        pages: 2,
        total: BULK,
      });
    });

    it('refuses a guest (401) and a customer (403)', async () => {
      const guest = await call('GET', '/api/orders?pageNumber=2');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const asCustomer = await call('GET', '/api/orders?pageNumber=2', customer.token);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({
        message: 'Only shop staff can do that',
        code: 'FORBIDDEN',
      });
    });

    it('counts new orders at once: the newest first, the oldest pushed to a third page', async () => {
      for (let index = 0; index < ADMIN_PAGE_SIZE - 4; index += 1) {
        await addOrder(shop.database.db, customer, `New order ${index}`, dayOf(BULK + index));
      }
      const first = await ordersAt('');
      expect(first.pages).toBe(3);
      expect(first.orders[0]?.notes).toBe(`New order ${ADMIN_PAGE_SIZE - 5}`);
      const third = await ordersAt('?pageNumber=3');
      expect(third).toMatchObject({ page: 3, pages: 3 });
      expect(third.orders.map((order) => order.notes)).toEqual(['Order 0']);
    });
  });

  describe('users', () => {
    it('answers the newest 20 on page 1 and the rest on page 2, without passwords', async () => {
      const first = await call('GET', '/api/users?pageNumber=1', admin.token);
      expect(first.body).not.toMatch(/password|hash/i);
      const one = adminUserPageSchema.strict().parse(first.json());
      const two = await usersAt('?pageNumber=2');
      // The admin and the customer signed up today, after the year of bulk accounts.
      const total = BULK + 2;
      const pages = Math.ceil(total / ADMIN_PAGE_SIZE);
      expect(one).toMatchObject({ page: 1, pages });
      expect(two).toMatchObject({ page: 2, pages });
      expect(one.users).toHaveLength(ADMIN_PAGE_SIZE);
      expect(two.users).toHaveLength(total - ADMIN_PAGE_SIZE);
      expect(one.users.slice(0, 2).map((user) => user._id)).toEqual(
        expect.arrayContaining([admin.id, customer.id]),
      );
      expect(one.users[2]).toEqual({
        _id: expect.any(String) as unknown,
        name: `Bulk Customer ${BULK - 1}`,
        email: `bulk${BULK - 1}@example.com`,
        isAdmin: false,
        role: 'customer',
      });
      expect([...one.users, ...two.users].slice(2).map((user) => user.name)).toEqual(
        Array.from({ length: BULK }, (_, index) => `Bulk Customer ${BULK - 1 - index}`),
      );
      expect(one.users.find((user) => user._id === admin.id)).toEqual({
        _id: admin.id,
        name: 'Ada Admin',
        email: admin.email,
        isAdmin: true,
        role: 'admin',
      });
    });

    it('reads a missing or unreadable page number as page 1', async () => {
      const first = await usersAt('?pageNumber=1');
      expect(await usersAt('')).toEqual(first);
      for (const pageNumber of BAD_PAGE_NUMBERS) {
        expect(await usersAt(`?pageNumber=${pageNumber}`), pageNumber).toEqual(first);
      }
    });

    it('answers an empty page past the end', async () => {
      expect(await usersAt('?pageNumber=5')).toEqual({ users: [], page: 5, pages: 2 });
    });

    it('refuses a guest (401) and a customer (403)', async () => {
      const guest = await call('GET', '/api/users?pageNumber=2');
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      const asCustomer = await call('GET', '/api/users?pageNumber=2', customer.token);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json()).toEqual({
        message: 'Only shop admins can do that',
        code: 'FORBIDDEN',
      });
    });
  });
});
