import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../../src/server/sql/ids';
import { productDetailSchema, productPageSchema } from '../../../src/shared/catalog/catalog';
import { orderSchema } from '../../../src/shared/orders/orders';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects, type TestDialect } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_CACHING = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** How long another instance may take to hear of a change: a bound, never a pause. */
const HEARD_WITHIN = { timeout: 5000, interval: 20 };

const get = (shop: TestShop, url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

async function detail(shop: TestShop, productId: string) {
  const response = await get(shop, `/api/products/${productId}`);
  expect(response.statusCode, response.body).toBe(200);
  return productDetailSchema.parse(response.json());
}

/**
 * The answer to a GET once it comes from memory: on PostgreSQL the database's notification of a
 * change (a fixture's product) arrives a moment after it commits, and drops what was kept then.
 */
async function servedFromMemory(shop: TestShop, url: string) {
  return vi.waitFor(async () => {
    await get(shop, url);
    const { hits } = shop.app.responseCache.stats();
    const response = await get(shop, url);
    expect(shop.app.responseCache.stats().hits).toBe(hits + 1);
    return response;
  }, HEARD_WITHIN);
}

async function buy(shop: TestShop, token: string, productId: string, qty: number) {
  const lines = [{ product: productId, qty }];
  const payment = await openPayment(shop, token, lines);
  const response = await placeOrder(shop, token, payment.id, lines);
  expect(response.statusCode, response.body).toBe(201);
  return orderSchema.parse(response.json());
}

describe.each(testDialects())('catalogue answers from memory on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    customer = await addUser(shop, { name: 'Cass Customer' });
  });
  afterAll(() => shop.close());

  describe('what a client is told', () => {
    it('gives a product an ETag and public caching, and a 304 to a client holding it', async () => {
      const product = await addProduct(shop.database, { name: 'Tagged Locket' });
      const first = await get(shop, `/api/products/${product.id}`);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]{20,}"$/);
      expect(first.headers['cache-control']).toBe(PUBLIC_CACHING);
      expect(String(first.headers.vary)).toContain('Authorization');

      const again = await servedFromMemory(shop, `/api/products/${product.id}`);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['content-security-policy']).toBeDefined();
      expect(again.headers['content-security-policy']).toBe(
        first.headers['content-security-policy'],
      );
      expect(again.headers['x-content-type-options']).toBe('nosniff');

      const held = await get(shop, `/api/products/${product.id}`, { 'if-none-match': etag });
      expect(held.statusCode).toBe(304);
      expect(held.body).toBe('');
      expect(held.headers.etag).toBe(etag);
      expect(held.headers['cache-control']).toBe(PUBLIC_CACHING);

      const stale = await get(shop, `/api/products/${product.id}`, { 'if-none-match': '"old"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });

    it('answers a HEAD from a client holding the answer with a 304, kept yet or not', async () => {
      const product = await addProduct(shop.database, { name: 'Revalidated Brooch' });
      const url = `/api/products/${product.id}`;
      const head = (etag: string) =>
        shop.app.inject({ method: 'HEAD', url, headers: { 'if-none-match': etag } });
      const first = await head('*');
      expect(first.statusCode).toBe(304);
      expect(first.body).toBe('');
      const { etag } = (await get(shop, url)).headers;
      const again = await head(String(etag));
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(PUBLIC_CACHING);
    });

    it('caches the listing, a search and similar products publicly too', async () => {
      const product = await addProduct(shop.database, { name: 'Public Bangle' });
      for (const url of [
        '/api/products',
        '/api/products?keyword=bangle',
        `/api/products/${product.id}/similar`,
      ]) {
        for (let time = 0; time < 2; time += 1) {
          const response = await get(shop, url);
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['cache-control'], url).toBe(PUBLIC_CACHING);
          expect(response.headers.etag, url).toBeDefined();
        }
      }
    });

    it('makes an answer once however many ask for it at the same time', async () => {
      const product = await addProduct(shop.database);
      await servedFromMemory(shop, `/api/products/${product.id}`);
      const before = shop.app.responseCache.stats();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => get(shop, `/api/products/${product.id}/similar`)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      const after = shop.app.responseCache.stats();
      // One, or two if PostgreSQL's word of the product arrives halfway: never one each.
      expect(after.misses - before.misses).toBeLessThanOrEqual(2);
      expect(after.hits - before.hits).toBeGreaterThanOrEqual(10);
    });

    it('sends a signed-in caller the same answer, kept by no browser or CDN', async () => {
      const product = await addProduct(shop.database);
      const guest = await get(shop, `/api/products/${product.id}`);
      const signedIn = await get(shop, `/api/products/${product.id}`, bearer(customer.token));
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toBe(guest.body);
      expect(signedIn.headers['cache-control']).toBe('no-store');
    });

    it('leaves calls that depend on the caller as they were', async () => {
      const profile = await get(shop, '/api/users/profile', bearer(customer.token));
      expect(profile.statusCode).toBe(200);
      expect(profile.headers['cache-control'] ?? '').not.toContain('public');
      expect(profile.headers.etag).toBeUndefined();
    });

    it('refuses a bad query every time, never from memory', async () => {
      for (let time = 0; time < 2; time += 1) {
        const response = await get(shop, '/api/products?keyword=ring%01');
        expect(response.statusCode).toBe(400);
        expect(response.headers['cache-control']).toBeUndefined();
      }
    });

    it('sends brotli or gzip bytes of the same answer to a client that takes them', async () => {
      for (let count = 0; count < 6; count += 1) await addProduct(shop.database);
      // The first caller, whose answer is made for it, gets it compressed too.
      const brotli = await get(shop, '/api/products', { 'accept-encoding': 'gzip, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      const plain = await get(shop, '/api/products');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(brotli.headers.etag).not.toBe(plain.headers.etag);
      expect(String(brotli.headers.vary)).toContain('Accept-Encoding');

      const gzipped = await get(shop, '/api/products', { 'accept-encoding': 'gzip, br;q=0' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);

      const held = await get(shop, '/api/products', {
        'accept-encoding': 'br',
        'if-none-match': String(brotli.headers.etag),
      });
      expect(held.statusCode).toBe(304);
    });
  });

  describe('a change shows at once', () => {
    it('an admin’s edit, in the product and the listing', async () => {
      const product = await addProduct(shop.database, { name: 'Plain Cuff' });
      const kept = await servedFromMemory(shop, `/api/products/${product.id}`);
      expect(productDetailSchema.parse(kept.json()).name).toBe('Plain Cuff');
      const listed = () => get(shop, '/api/products?keyword=cuff');
      const keptListing = await servedFromMemory(shop, '/api/products?keyword=cuff');
      expect(productPageSchema.parse(keptListing.json()).products[0]?.name).toBe('Plain Cuff');

      const saved = await shop.app.inject({
        method: 'PUT',
        url: `/api/products/${product.id}`,
        headers: bearer(admin.token),
        payload: {
          name: 'Hammered Cuff',
          price: 30,
          image: product.image,
          brand: product.brand,
          category: product.category,
          countInStock: 5,
          description: product.description,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      expect((await detail(shop, product.id)).name).toBe('Hammered Cuff');
      expect(productPageSchema.parse((await listed()).json()).products[0]?.name).toBe(
        'Hammered Cuff',
      );
    });

    it('stock taken by an order, and given back when it is cancelled', async () => {
      const product = await addProduct(shop.database, { countInStock: 3 });
      const kept = await servedFromMemory(shop, `/api/products/${product.id}`);
      expect(productDetailSchema.parse(kept.json()).countInStock).toBe(3);
      const order = await buy(shop, customer.token, product.id, 2);
      expect((await detail(shop, product.id)).countInStock).toBe(1);

      const cancelled = await shop.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/cancel`,
        headers: bearer(customer.token),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await detail(shop, product.id)).countInStock).toBe(3);
    });

    it('a new review', async () => {
      const product = await addProduct(shop.database);
      const kept = await servedFromMemory(shop, `/api/products/${product.id}`);
      expect(productDetailSchema.parse(kept.json()).numReviews).toBe(0);
      const reviewed = await shop.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/review`,
        headers: bearer(customer.token),
        payload: { rating: 4, comment: 'Lovely weight to it' },
      });
      expect(reviewed.statusCode, reviewed.body).toBe(201);
      const shown = await detail(shop, product.id);
      expect(shown.numReviews).toBe(1);
      expect(shown.reviews[0]?.comment).toBe('Lovely weight to it');
    });

    it('a product that did not exist, after its 404 was kept', async () => {
      const id = newId();
      const missing = await get(shop, `/api/products/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe(PUBLIC_CACHING);
      expect((await servedFromMemory(shop, `/api/products/${id}`)).statusCode).toBe(404);
      await addProduct(shop.database, { id, name: 'Late Arrival' });
      // Added by no route: PostgreSQL tells of it when it commits, a moment later.
      await vi.waitFor(
        async () => expect((await detail(shop, id)).name).toBe('Late Arrival'),
        HEARD_WITHIN,
      );
    });

    it('a change made in the database by no route at all', async () => {
      const product = await addProduct(shop.database, { name: 'Quiet Ring' });
      const kept = await servedFromMemory(shop, `/api/products/${product.id}`);
      expect(productDetailSchema.parse(kept.json()).name).toBe('Quiet Ring');
      await shop.database.db
        .updateTable('products')
        .set({ name: 'Renamed Ring' })
        .where('id', '=', product.id)
        .execute();
      await vi.waitFor(
        async () => expect((await detail(shop, product.id)).name).toBe('Renamed Ring'),
        HEARD_WITHIN,
      );
    });
  });

  it('keeps no more than its bound, however many addresses are asked for', async () => {
    const small = await startTestShop(dialect, { CACHE_MAX_MB: '0.05' });
    try {
      const product = await addProduct(small.database, { description: 'x'.repeat(2000) });
      const { maxBytes } = small.app.responseCache.stats();
      expect(maxBytes).toBe(Math.round(0.05 * 1024 * 1024));
      for (let visit = 0; visit < 200; visit += 1) {
        const response = await get(small, `/api/products/${product.id}?visit=${visit}`);
        expect(response.statusCode).toBe(200);
      }
      const { entries, bytes } = small.app.responseCache.stats();
      expect(bytes).toBeLessThanOrEqual(maxBytes);
      expect(entries).toBeGreaterThan(0);
      expect(entries).toBeLessThan(200);
    } finally {
      await small.close();
    }
  });
});

describe('with CACHE_MAX_MB=0', () => {
  it('keeps nothing, and still tells clients what they may keep', async () => {
    const shop = await startTestShop('sqlite', { CACHE_MAX_MB: '0' });
    try {
      const product = await addProduct(shop.database);
      for (let time = 0; time < 2; time += 1) {
        const response = await get(shop, `/api/products/${product.id}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers.etag).toBeDefined();
        expect(response.headers['cache-control']).toBe(PUBLIC_CACHING);
      }
      expect(shop.app.responseCache.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 0 });
    } finally {
      await shop.close();
    }
  });
});

/** Two instances on one database, as behind a load balancer: SQLite in a file, or PostgreSQL. */
async function startTwoInstances(dialect: TestDialect) {
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-two-'));
  const first = await startTestShop(
    dialect,
    dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {},
  );
  const second = await startTestShop(dialect, {}, { sameDatabaseAs: first });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

describe.each(testDialects())('answers from memory on two instances of %s', (dialect) => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    instances = await startTwoInstances(dialect);
    admin = await addUser(instances.first, { role: 'admin' });
    customer = await addUser(instances.first, { name: 'Tam Twice' });
  });
  afterAll(() => instances.close());

  it('shows on one instance an edit and a sale made through the other', async () => {
    const { first, second } = instances;
    const product = await addProduct(first.database, { name: 'Shared Hoops', countInStock: 4 });
    await vi.waitFor(
      async () => expect((await detail(second, product.id)).name).toBe('Shared Hoops'),
      HEARD_WITHIN,
    );
    await servedFromMemory(second, `/api/products/${product.id}`);

    const saved = await first.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(admin.token),
      payload: {
        name: 'Shared Hoops, Large',
        price: 22,
        image: product.image,
        brand: product.brand,
        category: product.category,
        countInStock: 4,
        description: product.description,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await vi.waitFor(
      async () => expect((await detail(second, product.id)).name).toBe('Shared Hoops, Large'),
      HEARD_WITHIN,
    );

    await buy(first, customer.token, product.id, 3);
    await vi.waitFor(
      async () => expect((await detail(second, product.id)).countInStock).toBe(1),
      HEARD_WITHIN,
    );
  });

  it.runIf(dialect === 'postgres')(
    'listens again after losing the database’s notifications, and keeps answers again',
    async () => {
      const { first, second } = instances;
      const listeners = async () =>
        (
          await sql<{ pid: number }>`select pid from pg_stat_activity
            where datname = current_database() and query = 'listen catalogue_changed'`.execute(
            first.database.db,
          )
        ).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before).toHaveLength(2);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen catalogue_changed'`.execute(
        first.database.db,
      );
      await vi.waitFor(async () => {
        const now = await listeners();
        expect(now).toHaveLength(2);
        expect(now.some((pid) => before.includes(pid))).toBe(false);
      }, HEARD_WITHIN);

      const product = await addProduct(first.database, { name: 'After The Drop' });
      await vi.waitFor(
        async () => expect((await detail(second, product.id)).name).toBe('After The Drop'),
        HEARD_WITHIN,
      );
      const kept = second.app.responseCache.stats().entries;
      await get(second, `/api/products/${product.id}?again`);
      expect(second.app.responseCache.stats().entries).toBe(kept + 1);

      await first.database.db
        .updateTable('products')
        .set({ name: 'After The Drop, Renamed' })
        .where('id', '=', product.id)
        .execute();
      await vi.waitFor(
        async () => expect((await detail(second, product.id)).name).toBe('After The Drop, Renamed'),
        HEARD_WITHIN,
      );
    },
  );
});
