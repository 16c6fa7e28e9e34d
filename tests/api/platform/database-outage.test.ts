import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { relayedTestDatabase, type RelayedDatabase } from '../../support/relayed-database';
import { startTestShop, type TestShop } from '../../support/test-shop';

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

  it('sends the answers it keeps in memory while the database refuses connections', async () => {
    const hoops = await addProduct(shop.database, { name: 'Moonstone Hoops' });
    const kept = [`/api/products/${hoops.id}`, '/api/products?keyword=moonstone'];
    const bodies = new Map<string, string>();
    for (const url of kept) {
      expect((await shop.request(url)).headers.get('x-cache')).toBe('miss');
      const again = await shop.request(url);
      expect(again.headers.get('x-cache')).toBe('hit');
      bodies.set(url, await again.text());
    }

    await database.relay.cut();
    // Whatever the shop has noticed of the cut yet, the answers it keeps are what it sends.
    for (const url of [...kept, ...kept]) {
      const response = await shop.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache')).toBe('hit');
      expect(await response.text()).toBe(bodies.get(url));
    }
    // What it does not keep still needs the database.
    const unkept = await shop.request('/api/products?keyword=hoops');
    expect(unkept.status).toBe(503);
    expect(await unkept.json()).toEqual({
      message: 'The shop cannot answer just now. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
    for (const url of kept) expect((await shop.request(url)).headers.get('x-cache')).toBe('hit');

    await database.relay.restore();
    await vi.waitFor(async () => expect((await shop.request('/api/health')).status).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
    // Back, the shop hears of changes again: a new name shows at once.
    await shop.database.db
      .updateTable('products')
      .set({ name: 'Moonstone Hoop Earrings' })
      .where('id', '=', hoops.id)
      .execute();
    const renamed = await shop.request(`/api/products/${hoops.id}`);
    expect(renamed.headers.get('x-cache')).toBe('miss');
    expect(((await renamed.json()) as { name: string }).name).toBe('Moonstone Hoop Earrings');
  });
});
