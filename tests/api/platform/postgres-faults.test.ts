import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { createTestDatabaseUrl, type TestDatabaseUrl } from '../../support/databases';
import { relayedTestDatabase, type RelayedDatabase } from '../../support/relayed-database';
import { startShopProcess, type ShopProcess } from '../../support/shop-process';
import { startTestShop, type TestShop } from '../../support/test-shop';

const CALLS_IN_FLIGHT = 24;
const WEB_ROOT = path.resolve('dist/web');

/** A connection of the test's own to the shop's database, to lock tables and end sessions. */
async function connectAside(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** How many of the shop's queries wait for a lock the test holds. */
async function waitingOnLocks(aside: pg.Client): Promise<number> {
  // Within a transaction the activity view is read once and kept: ask for a fresh look.
  await aside.query('select pg_stat_clear_snapshot()');
  const { rows } = await aside.query<{ waiting: number }>(
    `select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]?.waiting ?? 0;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL failing under a running shop', () => {
  describe('sessions ended by the server while calls wait on them', () => {
    let database: TestDatabaseUrl;
    let shop: ShopProcess;
    let aside: pg.Client;
    let token: string;

    beforeAll(async () => {
      database = await createTestDatabaseUrl('postgres');
      shop = await startShopProcess({ DATABASE_URL: database.url });
      const registered = await fetch(`${shop.baseUrl}/api/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'held@example.com', password: 'a long enough password' }),
      });
      token = ((await registered.json()) as { token: string }).token;
      aside = await connectAside(database.url);
    });

    afterAll(async () => {
      await aside.end();
      shop.child.kill('SIGKILL');
      await shop.exited();
      await database.drop();
    });

    it('keeps the shop running: the calls answer 503, the next ones 200', async () => {
      const myOrders = () =>
        fetch(`${shop.baseUrl}/api/orders/myorders`, { headers: bearer(token) });
      expect((await myOrders()).status).toBe(200);

      // Every signed-in call reads the caller's account: with its table locked, they all wait.
      await aside.query('begin');
      await aside.query('lock table users in access exclusive mode');
      const inFlight = Array.from({ length: CALLS_IN_FLIGHT }, myOrders);
      await vi.waitFor(async () => expect(await waitingOnLocks(aside)).toBeGreaterThanOrEqual(8), {
        timeout: 10_000,
        interval: 50,
      });
      await aside.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await aside.query('rollback');

      const answers = await Promise.all(inFlight);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(statuses).toContain(503);
      const refused = answers.find((answer) => answer.status === 503);
      expect(await refused?.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      expect(shop.child.exitCode).toBeNull();
      const after = await Promise.all(Array.from({ length: 12 }, myOrders));
      expect(after.map((answer) => answer.status)).toEqual(Array(12).fill(200));
      expect(shop.log()).not.toMatch(/Unhandled|uncaught/i);
    });
  });

  describe('a network that goes silent between the shop and its database', () => {
    let database: RelayedDatabase;
    let shop: TestShop;
    let customer: TestUser;

    beforeAll(async () => {
      database = await relayedTestDatabase();
      shop = await startTestShop('postgres', { DATABASE_URL: database.url });
      await addProduct(shop.database, { name: 'Silent Night Pendant' });
      customer = await addUser(shop);
    });

    afterAll(async () => {
      await database.heal();
      await shop.close();
      await database.close();
    });

    it('answers 503 within 5 seconds while nothing gets through, then 200 again', async () => {
      // A search not asked before, each time: no answer kept in memory can stand in for it.
      let searches = 0;
      const calls = [
        () => shop.request('/api/orders/myorders', { headers: bearer(customer.token) }),
        () => shop.request(`/api/products?keyword=silent&pageNumber=${(searches += 1)}`),
        () => shop.request('/api/health'),
      ];
      for (const call of calls) expect((await call()).status).toBe(200);

      database.relay.silence();
      const started = Date.now();
      const answers = await Promise.all(calls.map((call) => call()));
      const took = Date.now() - started;
      expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
      expect(took).toBeLessThan(5000);

      database.relay.speak();
      await vi.waitFor(
        async () => {
          const statuses = await Promise.all(calls.map(async (call) => (await call()).status));
          expect(statuses).toEqual([200, 200, 200]);
        },
        { timeout: 15_000, interval: 250 },
      );
    });
  });

  describe('storefront pages while the database is away', () => {
    let database: RelayedDatabase;
    let shop: TestShop;
    let productIds: string[];

    beforeAll(async () => {
      if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
        throw new Error('The storefront is rendered from the built app: run `npm run build` first');
      }
      database = await relayedTestDatabase();
      shop = await startTestShop('postgres', { DATABASE_URL: database.url }, { webRoot: WEB_ROOT });
      productIds = [];
      for (const name of ['Moonstone Drop Pendant', 'Garnet Drop Pendant']) {
        productIds.push((await addProduct(shop.database, { name, category: 'pendants' })).id);
      }
    });

    afterAll(async () => {
      await database.heal();
      await shop.close();
      await database.close();
    });

    it('answer 503 that nobody keeps, never a "not found" to cache, then the page again', async () => {
      const [shown = '', unseen = ''] = productIds;
      const first = await shop.request(`/product/${shown}`);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain('Moonstone Drop Pendant');

      await database.relay.cut();
      for (const page of [`/product/${unseen}`, '/category/pendants', '/search/drop']) {
        const answer = await shop.request(page);
        expect(answer.status, page).toBe(503);
        expect(answer.headers.get('cache-control'), page).toBe('no-store');
        expect(answer.headers.get('retry-after'), page).toBe('5');
        const html = await answer.text();
        expect(html, page).not.toMatch(/not found/i);
        expect(html, page).toContain('The shop cannot answer just now');
      }

      await database.relay.restore();
      await vi.waitFor(
        async () => expect((await shop.request(`/product/${unseen}`)).status).toBe(200),
        { timeout: 15_000, interval: 250 },
      );
      const back = await shop.request(`/product/${unseen}`);
      expect(back.headers.get('cache-control')).toMatch(/^public/);
      expect(await back.text()).toContain('Garnet Drop Pendant');
    });
  });
});
