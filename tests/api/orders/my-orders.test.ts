import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myOrdersPageSchema } from '../../../src/shared/orders/orders';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { addStoredOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const HOUR_MS = 60 * 60 * 1000;
/** Before every order made here, so each is placed at a known moment. */
const START = Date.parse('2026-09-01T09:00:00Z');

describe.each(testDialects())('"my orders", a page at a time, on %s', (dialect) => {
  let shop: TestShop;
  let buyer: TestUser;
  let other: TestUser;
  /** The buyer's orders' numbers, newest first. */
  let newestFirst: string[];
  let othersNumbers: string[];
  const call = apiCaller(() => shop);

  const pageOf = async (token: string, query = '') => {
    const response = await call('GET', `/api/orders/myorders${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return myOrdersPageSchema.parse(response.json());
  };
  const numbersOf = (page: { orders: { orderNumber: string }[] }) =>
    page.orders.map((order) => order.orderNumber);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    buyer = await addUser(shop, { name: 'Rhiannon Regular' });
    other = await addUser(shop, { name: 'Otto Other' });
    const placed: { orderNumber: string; at: number }[] = [];
    // 45 orders an hour apart, the last two at the same moment, and another customer's orders
    // in between them.
    for (let index = 0; index < 45; index += 1) {
      const at = START + Math.min(index, 43) * HOUR_MS;
      const paidAt = new Date(at).toISOString();
      const order = await addStoredOrder(shop.database.db, buyer, { paidAt, totalPence: 1000 });
      placed.push({ orderNumber: order.orderNumber, at });
    }
    othersNumbers = [];
    for (const hour of [0.5, 20.5, 43.5]) {
      const paidAt = new Date(START + hour * HOUR_MS).toISOString();
      othersNumbers.push(
        (await addStoredOrder(shop.database.db, other, { paidAt, totalPence: 500 })).orderNumber,
      );
    }
    const tied = await shop.database.db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('user_id', '=', buyer.id)
      .where('created_at', '=', new Date(START + 43 * HOUR_MS).toISOString())
      .execute();
    // Orders made at the same moment come by id, the greater first.
    const tiedNewestFirst = tied
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((row) => row.order_number);
    newestFirst = [
      ...tiedNewestFirst,
      ...placed
        .filter((order) => order.at < START + 43 * HOUR_MS)
        .sort((a, b) => b.at - a.at)
        .map((order) => order.orderNumber),
    ];
  });
  afterAll(() => shop.close());

  it('answers 45 orders as pages of 20, 20 and 5, newest first, each once', async () => {
    const pages = [await pageOf(buyer.token), await pageOf(buyer.token, '?pageNumber=2')];
    pages.push(await pageOf(buyer.token, '?pageNumber=3'));
    expect(pages.map((page) => [page.page, page.pages, page.orders.length])).toEqual([
      [1, 3, 20],
      [2, 3, 20],
      [3, 3, 5],
    ]);
    expect(pages.flatMap(numbersOf)).toEqual(newestFirst);
    expect(pages[0]?.orders[0]).toMatchObject({
      user: { _id: buyer.id, name: 'Rhiannon Regular' },
      totalPrice: 10,
      isPaid: true,
    });
  });

  it("never shows another customer's orders, and shows them theirs alone", async () => {
    const theirs = await pageOf(other.token);
    expect(theirs).toMatchObject({ page: 1, pages: 1 });
    expect(numbersOf(theirs)).toEqual([...othersNumbers].reverse());
    const mine = [1, 2, 3].map((page) => pageOf(buyer.token, `?pageNumber=${page}`));
    const shown = (await Promise.all(mine)).flatMap(numbersOf);
    expect(shown.filter((number) => othersNumbers.includes(number))).toEqual([]);
  });

  it('reads a missing or unreadable page number as the first page, as every list does', async () => {
    const first = await pageOf(buyer.token);
    for (const query of ['?pageNumber=abc', '?pageNumber=0', '?pageNumber=-2', '?pageNumber=']) {
      expect(await pageOf(buyer.token, query), query).toEqual(first);
    }
  });

  it('answers a page past the end empty, and one empty page to a customer with no orders', async () => {
    expect(await pageOf(buyer.token, '?pageNumber=4')).toEqual({ orders: [], page: 4, pages: 3 });
    const newcomer = await addUser(shop);
    expect(await pageOf(newcomer.token)).toEqual({ orders: [], page: 1, pages: 1 });
  });

  it('refuses a caller who is not signed in', async () => {
    const response = await call('GET', '/api/orders/myorders');
    expect(response.statusCode).toBe(401);
  });
});
