import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ON_LISTINGS, onProduct } from '../../../src/server/catalog/catalogue-invalidation';
import type { CatalogueWatch } from '../../../src/server/catalog/catalogue-watch';
import { openDatabase, type ShopDatabase } from '../../../src/server/db/database';
import { COLUMNS_BESIDE_STOCK } from '../../../src/server/db/migrations/044-personalisation';
import { productDetailSchema, productPageSchema } from '../../../src/shared/catalog/catalog';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects, type TestDialect } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const WEB_ROOT = path.resolve('dist/web');
/** How long another instance may take to hear of a change: a bound, never a pause. */
const HEARD_WITHIN = { timeout: 5000, interval: 20 };
const QUIET = { info: () => undefined, warn: () => undefined };

const get = (shop: TestShop, url: string) => shop.app.inject({ method: 'GET', url });
const cacheOf = async (shop: TestShop, url: string) => {
  const response = await get(shop, url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return String(response.headers['x-cache']);
};

/** Asks until the answer comes from memory: another instance hears of a new product a moment late. */
async function keptInMemory(shop: TestShop, urls: string[]) {
  for (const url of urls) {
    await vi.waitFor(async () => expect(await cacheOf(shop, url)).toBe('hit'), HEARD_WITHIN);
  }
}

async function buy(shop: TestShop, customer: TestUser, productId: string, qty: number) {
  const lines = [{ product: productId, qty }];
  const payment = await openPayment(shop, customer.token, lines);
  const placed = await placeOrder(shop, customer.token, payment.id, lines);
  expect(placed.statusCode, placed.body).toBe(201);
}

async function stockShown(shop: TestShop, productId: string) {
  const response = await get(shop, `/api/products/${productId}`);
  return productDetailSchema.parse(response.json()).countInStock;
}

/** A shop on a database a second instance (or a second watch) can open too. */
async function startShopOnSharedDatabase(dialect: TestDialect, folder: string) {
  return startTestShop(
    dialect,
    dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {},
    { webRoot: WEB_ROOT },
  );
}

describe.each(testDialects())('an order changes only what it changed, on %s', (dialect) => {
  let folder: string;
  let shop: TestShop;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, '..', 'ssr', 'entry-server.js'))) {
      throw new Error('The storefront is rendered from the built app: run `npm run build` first');
    }
    folder = await mkdtemp(path.join(tmpdir(), 'shop-by-product-'));
    shop = await startShopOnSharedDatabase(dialect, folder);
    customer = await addUser(shop, { name: 'Orla Order' });
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(async () => {
    await shop.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("keeps other products' pages and the listings without it; makes the product's own and its listings again", async () => {
    const sold = await addProduct(shop.database, { name: 'Tidal Ring', countInStock: 5 });
    const other = await addProduct(shop.database, { name: 'Harbour Cuff', countInStock: 5 });
    const untouched = [
      `/api/products/${other.id}`,
      `/product/${other.id}`,
      '/api/products?keyword=cuff',
    ];
    const showingIt = ['/api/products', '/api/products?keyword=tidal', '/'];
    await keptInMemory(shop, [
      ...untouched,
      ...showingIt,
      `/api/products/${sold.id}`,
      `/product/${sold.id}`,
    ]);

    await buy(shop, customer, sold.id, 2);

    for (const url of untouched)
      expect({ url, cache: await cacheOf(shop, url) }).toEqual({ url, cache: 'hit' });
    // A listing shows each product's stock count: those showing the product are made again.
    for (const url of showingIt)
      expect({ url, cache: await cacheOf(shop, url) }).toEqual({ url, cache: 'miss' });
    const listed = productPageSchema.parse((await get(shop, '/api/products')).json());
    expect(listed.products.find((product) => product._id === sold.id)?.countInStock).toBe(3);
    const ownAnswer = await get(shop, `/api/products/${sold.id}`);
    expect(ownAnswer.headers['x-cache']).toBe('miss');
    expect(productDetailSchema.parse(ownAnswer.json()).countInStock).toBe(3);
    const ownPage = await get(shop, `/product/${sold.id}`);
    expect(ownPage.headers['x-cache']).toBe('miss');
    expect(ownPage.body).toContain('Only 3 left');
    // Each answer names what it shows; a page, what the calls it was made from show.
    expect(ownAnswer.headers['surrogate-key']).toBe(`product-${sold.id}`);
    expect(String(ownPage.headers['surrogate-key']).split(' ').sort()).toEqual([
      'listings',
      `product-${sold.id}`,
    ]);
    expect(await cacheOf(shop, `/product/${sold.id}`)).toBe('hit');
  });

  it('drops the listings when an order sells the last one, so no card offers it', async () => {
    const last = await addProduct(shop.database, { name: 'Final Locket', countInStock: 1 });
    await keptInMemory(shop, ['/api/products', '/']);

    await buy(shop, customer, last.id, 1);

    const listing = await get(shop, '/api/products');
    expect(listing.headers['x-cache']).toBe('miss');
    const card = productPageSchema.parse(listing.json()).products.find((p) => p._id === last.id);
    expect(card?.countInStock).toBe(0);
    const home = await get(shop, '/');
    expect(home.headers['x-cache']).toBe('miss');
    expect(home.body).toContain('Out Of Stock');
  });

  it('refreshes the listings when an admin renames or reprices a product', async () => {
    const renamed = await addProduct(shop.database, { name: 'Plain Bangle', countInStock: 4 });
    const other = await addProduct(shop.database, { name: 'Quiet Brooch' });
    await keptInMemory(shop, ['/api/products?keyword=bangle', '/', `/api/products/${other.id}`]);

    const saved = await shop.app.inject({
      method: 'PUT',
      url: `/api/products/${renamed.id}`,
      headers: bearer(admin.token),
      payload: {
        name: 'Hammered Bangle',
        price: 31.5,
        image: renamed.image,
        brand: renamed.brand,
        category: renamed.category,
        countInStock: 4,
        description: renamed.description,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const search = await get(shop, '/api/products?keyword=bangle');
    expect(search.headers['x-cache']).toBe('miss');
    expect(productPageSchema.parse(search.json()).products[0]).toMatchObject({
      name: 'Hammered Bangle',
      price: 31.5,
    });
    const home = await get(shop, '/');
    expect(home.headers['x-cache']).toBe('miss');
    expect(home.body).toContain('Hammered Bangle');
    expect(home.body).toContain('£31.50');
    // What listings show changed, not the other product.
    expect(await cacheOf(shop, `/api/products/${other.id}`)).toBe('hit');
  });

  it('shows a second instance on the same database the same', async () => {
    const second = await startTestShop(dialect, {}, { sameDatabaseAs: shop, webRoot: WEB_ROOT });
    try {
      const sold = await addProduct(shop.database, { name: 'Shared Hoops', countInStock: 6 });
      const other = await addProduct(shop.database, { name: 'Shared Chain', countInStock: 6 });
      const untouched = [
        `/api/products/${other.id}`,
        `/product/${other.id}`,
        '/api/products?keyword=shared%20chain',
      ];
      await keptInMemory(second, [...untouched, `/api/products/${sold.id}`]);

      await buy(shop, customer, sold.id, 2);

      await vi.waitFor(async () => expect(await stockShown(second, sold.id)).toBe(4), HEARD_WITHIN);
      for (const url of untouched) {
        expect({ url, cache: await cacheOf(second, url) }).toEqual({ url, cache: 'hit' });
      }
    } finally {
      await second.close();
    }
  });

  describe('what the database tells of each change', () => {
    let elsewhere: ShopDatabase;
    let watch: CatalogueWatch;
    let sentinel: string;

    beforeAll(async () => {
      // Opened apart, as another instance opens it: it hears of changes only from the database.
      elsewhere = openDatabase(shop.config.database);
      watch = await elsewhere.watchCatalogue(QUIET);
      sentinel = (await addProduct(shop.database, { countInStock: 50 })).id;
    });
    afterAll(async () => {
      await watch.close();
      await elsewhere.close();
    });

    const momentNow = () =>
      vi.waitFor(() => {
        const moment = watch.moment();
        expect(moment).toBeTypeOf('number');
        return moment ?? 0;
      }, HEARD_WITHIN);

    /** Moves the sentinel product's stock (never to zero), and waits until the watch hears it. */
    async function sentinelHeard(since: number) {
      await shop.database.db
        .updateTable('products')
        .set((eb) => ({ count_in_stock: eb('count_in_stock', '+', 1) }))
        .where('id', '=', sentinel)
        .execute();
      await vi.waitFor(() => {
        watch.moment();
        expect(watch.changedSince(onProduct(sentinel), since)).toBe(true);
      }, HEARD_WITHIN);
    }

    /**
     * What one change made stale, as another instance hears it: a stock change to a sentinel
     * product comes before it and after it, so once the second is heard of, so is the change, and
     * nothing earlier is taken for it.
     */
    async function heardOf(change: () => Promise<unknown>) {
      await sentinelHeard(await momentNow());
      const since = await momentNow();
      await change();
      await sentinelHeard(since);
      return {
        listings: watch.changedSince(ON_LISTINGS, since),
        product: (id: string) => watch.changedSince(onProduct(id), since),
      };
    }

    const setStock = (table: 'products' | 'product_variants', id: string, count: number) =>
      shop.database.db
        .updateTable(table)
        .set({ count_in_stock: count })
        .where('id', '=', id)
        .execute();

    it('stock moving on one side of zero is the product’s own change; running out is a listing’s', async () => {
      const product = await addProduct(shop.database, { countInStock: 5 });
      const other = await addProduct(shop.database, { countInStock: 5 });

      const moved = await heardOf(() => setStock('products', product.id, 3));
      expect(moved.product(product.id)).toBe(true);
      expect(moved.product(other.id)).toBe(false);
      expect(moved.listings).toBe(false);

      const soldOut = await heardOf(() => setStock('products', product.id, 0));
      expect(soldOut.listings).toBe(true);
      const backIn = await heardOf(() => setStock('products', product.id, 2));
      expect(backIn.listings).toBe(true);
    });

    it('the same for a variant’s stock', async () => {
      const { product, variantIds } = await addProductWithVariants(
        shop.database,
        [{ name: 'Size', values: ['S', 'M'] }],
        [
          { options: { Size: 'S' }, countInStock: 3 },
          { options: { Size: 'M' }, countInStock: 1 },
        ],
      );
      const [small = '', medium = ''] = variantIds;
      const moved = await heardOf(() => setStock('product_variants', small, 2));
      expect(moved.product(product.id)).toBe(true);
      expect(moved.listings).toBe(false);
      const soldOut = await heardOf(() => setStock('product_variants', medium, 0));
      expect(soldOut.listings).toBe(true);
    });

    it('anything else a listing shows is a listing’s change, and a new product drops its kept 404', async () => {
      const product = await addProduct(shop.database, { name: 'Tell Ring' });
      const renamed = await heardOf(() =>
        shop.database.db
          .updateTable('products')
          .set({ name: 'Told Ring' })
          .where('id', '=', product.id)
          .execute(),
      );
      expect(renamed.listings).toBe(true);
      expect(renamed.product(product.id)).toBe(true);

      const restocked = await heardOf(() =>
        shop.database.db
          .updateTable('products')
          .set({ count_in_stock: 9, price_pence: 1200 })
          .where('id', '=', product.id)
          .execute(),
      );
      expect(restocked.listings).toBe(true);

      let added = '';
      const arrived = await heardOf(async () => {
        added = (await addProduct(shop.database)).id;
      });
      expect(arrived.listings).toBe(true);
      expect(arrived.product(added)).toBe(true);
    });
  });

  it.runIf(dialect === 'sqlite')(
    'knows every column of products and variants beside their stock (SQLite compares them one by one)',
    async () => {
      for (const table of ['products', 'product_variants'] as const) {
        const columns = await sql<{
          name: string;
        }>`select name from pragma_table_info(${table})`.execute(shop.database.db);
        const beside = columns.rows
          .map((row) => row.name)
          .filter((name) => name !== 'count_in_stock');
        expect(
          beside.sort(),
          `${table}: a new column needs the catalogue's change triggers made again`,
        ).toEqual([...COLUMNS_BESIDE_STOCK[table]].sort());
      }
    },
  );
});
