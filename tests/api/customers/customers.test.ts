import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/server/sql/ids';
import { ADMIN_PAGE_SIZE } from '../../../src/shared/api';
import {
  customerDetailSchema,
  customerPageSchema,
  type CustomerDetail,
  type CustomerPage,
} from '../../../src/shared/customers/customers';
import { orderSchema, type Order } from '../../../src/shared/orders/orders';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** One account a day from the first of January 2025: the newest is the last made. */
const dayOf = (index: number) => new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString();

const BULK = ADMIN_PAGE_SIZE + 5;

describe.each(testDialects())('the customers, as staff look them up, on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let ann: TestUser;
  let quiet: TestUser;
  let annOrders: Order[];
  const call = apiCaller(() => shop);

  /** A purchase through checkout, then dated as if it had been made on `day`. */
  async function buy(who: TestUser, pricePence: number, day: string): Promise<Order> {
    const product = await addProduct(shop.database, { pricePence, countInStock: 5 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, who.token, lines);
    const response = await placeOrder(shop, who.token, payment.id, lines);
    expect(response.statusCode, response.body).toBe(201);
    const order = orderSchema.parse(response.json());
    await shop.database.db
      .updateTable('orders')
      .set({ created_at: day, paid_at: day })
      .where('id', '=', order._id)
      .execute();
    return { ...order, createdAt: day, paidAt: day };
  }

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
    const { db } = shop.database;
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < BULK; index += 1) {
        await trx
          .insertInto('users')
          .values({
            id: newId(),
            name: `Bulk Buyer ${index}`,
            email: `bulk${index}@example.com`,
            password_hash: 'not a hash anyone can sign in with',
            role: 'customer',
            created_at: dayOf(index),
            updated_at: dayOf(index),
          })
          .execute();
      }
    });
    ann = await addUser(shop, { name: 'Ann Archer', email: 'ann.archer@example.com' });
    quiet = await addUser(shop, { name: 'Quentin Quiet', email: 'quentin@example.com' });
    const other = await addUser(shop, { name: 'Other Buyer' });
    annOrders = [
      await buy(ann, 2000, '2026-01-05T10:00:00.000Z'),
      await buy(ann, 3500, '2026-02-10T10:00:00.000Z'),
    ];
    await buy(other, 9000, '2026-02-11T10:00:00.000Z');
    const refund = await call(
      'POST',
      `/api/orders/${annOrders[0]?._id ?? ''}/refunds`,
      admin.token,
      {
        amount: 5,
        reason: 'Scratched clasp',
      },
    );
    expect(refund.statusCode, refund.body).toBe(200);
    // A refund the provider refused is still owed: nothing went back yet.
    const second = annOrders[1];
    await db
      .insertInto('refunds')
      .values({
        id: newId(),
        payment_id: second?.paymentResult.id ?? '',
        capture_id: 'refused-capture',
        order_id: second?._id ?? '',
        amount_pence: 700,
        reason: 'Late',
        status: 'failed',
        request_id: `refund-${newId()}`,
        error: 'The provider said no',
        created_by: 'Ada Admin',
        created_at: '2026-02-12T10:00:00.000Z',
        updated_at: '2026-02-12T10:00:00.000Z',
      })
      .execute();
  }, 60_000);
  afterAll(() => shop.close());

  async function customersAt(query: string, token = staff.token): Promise<CustomerPage> {
    const response = await call('GET', `/api/customers${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return customerPageSchema.strict().parse(response.json());
  }

  async function customer(id: string, token = staff.token): Promise<CustomerDetail> {
    const response = await call('GET', `/api/customers/${id}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return customerDetailSchema.strict().parse(response.json());
  }

  /** Pounds added as pence, as the shop adds them. */
  const inPounds = (...amounts: number[]) =>
    amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0) / 100;
  const paid = (order: Order | undefined) => order?.totalPrice ?? 0;

  describe('who may look', () => {
    it('refuses a guest (401) and a customer (403), on the list and on one customer', async () => {
      for (const url of ['/api/customers', `/api/customers/${ann.id}`]) {
        const guest = await call('GET', url);
        expect(guest.statusCode, url).toBe(401);
        const shopper = await call('GET', url, ann.token);
        expect(shopper.statusCode, url).toBe(403);
        expect(shopper.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    });

    it('answers staff and the owner alike', async () => {
      expect(await customersAt('?q=archer', admin.token)).toEqual(await customersAt('?q=archer'));
      expect(await customer(ann.id, admin.token)).toEqual(await customer(ann.id));
    });
  });

  describe('the list', () => {
    it('finds a customer by any part of their name or email, in any case', async () => {
      for (const q of ['ARCHER', 'ann arch', 'nn.archer@EXAMPLE', '  archer  ']) {
        const { customers } = await customersAt(`?q=${encodeURIComponent(q)}`);
        expect(
          customers.map((found) => found.email),
          q,
        ).toEqual(['ann.archer@example.com']);
      }
    });

    it("answers each customer's orders, what they spent after refunds, and their last order", async () => {
      const { customers } = await customersAt('?q=archer');
      expect(customers).toEqual([
        {
          _id: ann.id,
          kind: 'account',
          name: 'Ann Archer',
          email: 'ann.archer@example.com',
          orders: 2,
          // Only the £5 that went back counts; the refused £7 is still owed.
          spent: inPounds(paid(annOrders[0]), paid(annOrders[1]), -5),
          lastOrderAt: '2026-02-10T10:00:00.000Z',
        },
      ]);
      const { customers: none } = await customersAt('?q=quentin');
      expect(none).toEqual([
        {
          _id: quiet.id,
          kind: 'account',
          name: 'Quentin Quiet',
          email: 'quentin@example.com',
          orders: 0,
          spent: 0,
          lastOrderAt: null,
        },
      ]);
    });

    it('takes the wildcards of a search literally', async () => {
      expect((await customersAt('?q=%25')).customers).toEqual([]);
      expect((await customersAt('?q=bulk_1')).customers).toEqual([]);
    });

    it('lists every account, staff and owner too, newest first, 20 a page', async () => {
      const everyone = await customersAt('');
      expect(everyone.customers.map((found) => found.name)).toEqual(
        expect.arrayContaining(['Ada Admin', 'Sam Staff', 'Ann Archer']),
      );
      const first = await customersAt('?q=bulk&pageNumber=1');
      const second = await customersAt('?q=bulk&pageNumber=2');
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(second).toMatchObject({ page: 2, pages: 2 });
      expect(first.customers.map((found) => found.name)).toEqual(
        Array.from({ length: ADMIN_PAGE_SIZE }, (_, index) => `Bulk Buyer ${BULK - 1 - index}`),
      );
      expect(second.customers.map((found) => found.name)).toEqual(
        Array.from({ length: BULK - ADMIN_PAGE_SIZE }, (_, index) => {
          return `Bulk Buyer ${BULK - 1 - ADMIN_PAGE_SIZE - index}`;
        }),
      );
      expect(await customersAt('?q=bulk&pageNumber=nonsense')).toEqual(first);
      expect(await customersAt('?q=bulk&pageNumber=9')).toEqual({
        customers: [],
        page: 9,
        pages: 2,
      });
      expect(await customersAt('?q=nobody-is-called-this')).toEqual({
        customers: [],
        page: 1,
        pages: 1,
      });
    });

    it('refuses a search over 100 characters (400)', async () => {
      const response = await call('GET', `/api/customers?q=${'a'.repeat(101)}`, staff.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await customersAt(`?q=${'a'.repeat(100)}`)).customers).toEqual([]);
    });
  });

  describe('one customer', () => {
    it('answers every order of theirs, newest first, with what they paid and got back', async () => {
      const [first, second] = annOrders;
      expect(await customer(ann.id)).toEqual({
        _id: ann.id,
        kind: 'account',
        name: 'Ann Archer',
        email: 'ann.archer@example.com',
        role: 'customer',
        createdAt: expect.any(String) as string,
        orders: [second, first].map((order) => ({
          _id: order?._id,
          orderNumber: order?.orderNumber,
          createdAt: order?.createdAt,
          status: 'paid',
          totalPrice: order?.totalPrice,
        })),
        spent: inPounds(paid(first), paid(second), -5),
        refunded: 5,
        phones: [],
        addresses: [expect.objectContaining({ address: '12 Mill Lane', city: 'Hebden Bridge' })],
        notes: [],
      });
    });

    it('answers an account with no orders, and its role', async () => {
      expect(await customer(staff.id)).toMatchObject({
        name: 'Sam Staff',
        role: 'staff',
        orders: [],
        spent: 0,
        refunded: 0,
      });
    });

    it('answers 404 for an account that does not exist', async () => {
      const response = await call('GET', `/api/customers/${newId()}`, staff.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    });
  });
});
