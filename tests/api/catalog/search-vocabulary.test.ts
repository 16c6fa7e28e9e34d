import { sql } from 'kysely';
import { NO_LISTING_FACETS } from '../../../src/shared/catalog/facets';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productPageSchema, type ProductPage } from '../../../src/shared/catalog/catalog';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** Each instance learns changed words in the background within a second or so. */
const LEARNED_WITHIN = { timeout: 10_000, interval: 100 };

describe.each(testDialects())('the words a near miss is put right to, on %s', (dialect) => {
  let folder: string;
  let first: TestShop;
  let second: TestShop;
  let admin: TestUser;
  const call = apiCaller(() => first);

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shop-vocabulary-'));
    first = await startTestShop(
      dialect,
      dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(folder, 'shop.db')}` } : {},
    );
    second = await startTestShop(dialect, {}, { sameDatabaseAs: first });
    admin = await addUser(first, { role: 'admin' });
    await addProduct(first.database, { name: 'Sterling Silver Bangle', category: 'accessories' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function search(shop: TestShop, keyword: string): Promise<ProductPage> {
    const response = await shop.request(`/api/products?keyword=${encodeURIComponent(keyword)}`);
    expect(response.status).toBe(200);
    return productPageSchema.parse(await response.json());
  }
  const nothingFor = (word: string) => ({
    products: [],
    page: 1,
    pages: 1,
    total: 0,
    facets: NO_LISTING_FACETS,
    unmatched: [word],
  });

  /** Both instances put `typed` right to `meant`, showing `names`. */
  async function bothPutRight(typed: string, meant: string, names: string[]) {
    for (const shop of [first, second]) {
      await vi.waitFor(async () => {
        const page = await search(shop, typed);
        expect(page.suggestion).toBe(meant);
        expect(page.products.map((product) => product.name)).toEqual(names);
      }, LEARNED_WITHIN);
    }
  }

  /** Both instances say `typed` found nothing and is near nothing. */
  async function bothFindNothing(typed: string) {
    for (const shop of [first, second]) {
      await vi.waitFor(
        async () => expect(await search(shop, typed)).toEqual(nothingFor(typed)),
        LEARNED_WITHIN,
      );
    }
  }

  const saved = (name: string) => ({
    name,
    price: 48,
    image: '/uploads/studs.webp',
    brand: 'Oriel & Ivy',
    category: 'earrings',
    countInStock: 3,
    description: 'Small studs in sterling silver.',
    options: [],
    variants: [],
    specifications: [{ label: 'Metal', value: 'Sterling silver' }],
  });

  it('learns the words of a product saved on one instance, on every instance', async () => {
    await bothPutRight('bangel', 'bangle', ['Sterling Silver Bangle']);
    // Asked, and kept in memory, before the product is there.
    await bothFindNothing('filgree');

    const draft = await call('POST', '/api/products', admin.token);
    expect(draft.statusCode).toBe(201);
    const id = draft.json<{ _id: string }>()._id;
    const save = await call(
      'PUT',
      `/api/products/${id}`,
      admin.token,
      saved('Filigree Knot Studs'),
    );
    expect(save.statusCode).toBe(200);

    await bothPutRight('filgree', 'filigree', ['Filigree Knot Studs']);
    await bothPutRight('silver filgree', 'silver filigree', ['Filigree Knot Studs']);
  });

  it('forgets the old word of a renamed product and learns its new one', async () => {
    const studs = await addProduct(first.database, {
      name: 'Verdigris Knot Studs',
      category: 'earrings',
    });
    await bothPutRight('verdgris', 'verdigris', ['Verdigris Knot Studs']);

    const renamed = await call(
      'PUT',
      `/api/products/${studs.id}`,
      admin.token,
      saved('Openwork Knot Studs'),
    );
    expect(renamed.statusCode).toBe(200);

    await bothPutRight('openwrk', 'openwork', ['Openwork Knot Studs']);
    await bothFindNothing('verdgris');

    const removed = await call('DELETE', `/api/products/${studs.id}`, admin.token);
    expect(removed.statusCode).toBe(200);
    await bothFindNothing('openwrk');
  });

  it('keeps a word while any product on sale holds it, and never a draft’s', async () => {
    const named = (name: string) => addProduct(first.database, { name, category: 'rings' });
    const one = await named('Tourmaline Band');
    const other = await named('Tourmaline Stack Ring');
    await addProduct(first.database, { name: 'Spinel Band', category: 'rings', status: 'draft' });
    await bothPutRight('tourmalne', 'tourmaline', ['Tourmaline Band', 'Tourmaline Stack Ring']);

    await first.database.db.deleteFrom('products').where('id', '=', one.id).execute();
    await bothPutRight('tourmalne', 'tourmaline', ['Tourmaline Stack Ring']);
    await bothFindNothing('spinle');

    await first.database.db
      .updateTable('products')
      .set({ status: 'draft' })
      .where('id', '=', other.id)
      .execute();
    await bothFindNothing('tourmalne');
  });

  it('counts every product once, however many instances fold the changes at once', async () => {
    const many = 120;
    await Promise.all(
      Array.from({ length: many }, (_, index) =>
        addProduct(index % 2 === 0 ? first.database : second.database, {
          name: `Labradorite Charm ${index}`,
        }),
      ),
    );
    await vi.waitFor(async () => {
      const { rows } = await sql<{ documents: number }>`
        select documents from search_terms where term = 'labradorite'`.execute(first.database.db);
      expect(rows.map((row) => row.documents)).toEqual([many]);
      const waiting = await sql<{ id: unknown }>`
        select id from search_term_changes`.execute(first.database.db);
      expect(waiting.rows).toEqual([]);
    }, LEARNED_WITHIN);
    await vi.waitFor(
      async () => expect((await search(second, 'labradorte')).suggestion).toBe('labradorite'),
      LEARNED_WITHIN,
    );
  });
});
