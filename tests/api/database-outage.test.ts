import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, bearer, type TestUser } from '../support/account-fixtures';
import { addProduct } from '../support/catalogue-fixtures';
import { relayedTestDatabase, type RelayedDatabase } from '../support/relayed-database';
import { startTestShop, type TestShop } from '../support/test-shop';

// PostgreSQL is a server of its own, which can go away while the shop runs: here the shop reaches
// it through a relay that the test cuts and restores.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL cut off while the shop runs', () => {
  let database: RelayedDatabase;
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    database = await relayedTestDatabase();
    shop = await startTestShop('postgres', { DATABASE_URL: database.url });
    await addProduct(shop.database, { name: 'Opal Drop Pendant' });
    customer = await addUser(shop);
  });

  afterAll(async () => {
    await database.heal();
    await shop.close();
    await database.close();
  });

  /** Calls that each need the database: a search, a sign-in, a customer's own orders, health. */
  const callsNeedingTheDatabase = (keyword: string) => [
    () => shop.request(`/api/products?keyword=${keyword}`),
    () =>
      shop.request('/api/users/login', {
        method: 'POST',
        json: { email: customer.email, password: customer.password },
      }),
    () => shop.request('/api/orders/myorders', { headers: bearer(customer.token) }),
    () => shop.request('/api/health'),
  ];

  it('answers 503 with Retry-After on every call that needs it, then recovers by itself', async () => {
    expect((await shop.request('/api/products?keyword=opal')).status).toBe(200);

    await database.relay.cut();
    for (const call of callsNeedingTheDatabase('drop')) {
      const response = await call();
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.message).not.toMatch(/ECONN|postgres|pg|stack/i);
    }

    await database.relay.restore();
    await vi.waitFor(async () => expect((await shop.request('/api/health')).status).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
    for (const call of callsNeedingTheDatabase('pendant')) expect((await call()).status).toBe(200);
  });
});
