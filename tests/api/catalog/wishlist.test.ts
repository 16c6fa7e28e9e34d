import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorBodySchema } from '../../../src/shared/errors';
import {
  WISHLIST_LIMIT,
  wishlistItemSchema,
  wishlistSchema,
} from '../../../src/shared/wishlist/wishlist';
import type { NewProduct } from '../../../src/server/catalog/product-writes.repository';
import { wishlistOf } from '../../../src/server/wishlist/wishlist.service';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('the wishlist on %s', (dialect) => {
  let shop: TestShop;
  let ann: TestUser;
  let bea: TestUser;
  let scarf: NewProduct;
  let ring: { product: NewProduct; variantIds: string[] };
  const call = apiCaller(() => shop);
  const path = (productId: string, variant?: string) =>
    `/api/users/profile/wishlist/${productId}${variant === undefined ? '' : `?variant=${variant}`}`;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    [ann, bea] = await Promise.all([addUser(shop), addUser(shop)]);
    scarf = await addProduct(shop.database, {
      name: 'Lambswool Scarf',
      brand: 'Larkspur',
      pricePence: 3400,
      countInStock: 4,
    });
    ring = await addProductWithVariants(
      shop.database,
      [{ name: 'Ring size', values: ['L', 'N', 'P'] }],
      [
        { options: { 'Ring size': 'L' }, countInStock: 2, pricePence: 4500 },
        { options: { 'Ring size': 'N' }, countInStock: 0, pricePence: 4800 },
        { options: { 'Ring size': 'P' }, countInStock: 1, pricePence: 4800 },
      ],
      { name: 'Silver Band Ring', brand: 'Larkspur', category: 'rings' },
    );
  });
  afterAll(() => shop.close());

  const listOf = async (user: TestUser) => {
    const response = await call('GET', '/api/users/profile/wishlist', user.token);
    expect(response.statusCode, response.body).toBe(200);
    return wishlistSchema.parse(response.json());
  };

  /** Every entry in the database, whoever keeps it: what a refusal must leave as it was. */
  const storedRows = () =>
    shop.database.db.selectFrom('wishlist_entries').selectAll().orderBy('id').execute();

  const put = async (user: TestUser, productId: string, variant?: string) => {
    const response = await call('PUT', path(productId, variant), user.token);
    expect(response.statusCode, response.body).toBe(200);
    return wishlistSchema.parse(response.json());
  };

  const emptyListOf = async (user: TestUser) => {
    for (const item of await listOf(user)) {
      const removed = await call(
        'DELETE',
        path(item.product, item.variant ?? undefined),
        user.token,
      );
      expect(removed.statusCode).toBe(200);
    }
    expect(await listOf(user)).toEqual([]);
  };

  it('keeps a product and a variant, each once, with what the catalogue says of them now', async () => {
    await emptyListOf(ann);
    const first = await put(ann, scarf.id);
    expect(first).toHaveLength(1);
    // Nothing but the entry: not whose list it is, nor any id of the row.
    const scarfItem = z.strictObject(wishlistItemSchema.shape).parse(first[0]);
    expect(scarfItem).toEqual({
      product: scarf.id,
      variant: null,
      name: 'Lambswool Scarf',
      brand: 'Larkspur',
      image: '/uploads/test.webp',
      variantLabel: null,
      price: 34,
      countInStock: 4,
      optionsToChoose: [],
      addedAt: scarfItem.addedAt,
    });
    expect(Date.now() - Date.parse(scarfItem.addedAt)).toBeLessThan(60_000);

    const soldOutSize = ring.variantIds[1] ?? '';
    const list = await put(ann, ring.product.id, soldOutSize);
    expect(list.map((item) => [item.product, item.variant])).toEqual([
      [ring.product.id, soldOutSize],
      [scarf.id, null],
    ]);
    expect(list[0]).toMatchObject({
      name: 'Silver Band Ring',
      variantLabel: 'Ring size: N',
      price: 48,
      countInStock: 0,
      optionsToChoose: [],
    });

    // The same again, in either form, is kept once and keeps its first date.
    expect(await put(ann, scarf.id)).toEqual(list);
    expect(await put(ann, ring.product.id, soldOutSize)).toEqual(list);
    expect(await listOf(ann)).toEqual(list);
    const rows = await shop.database.db
      .selectFrom('wishlist_entries')
      .select(['product_id', 'variant_id'])
      .where('user_id', '=', ann.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('keeps a product sold in options before a size is chosen, apart from its sizes', async () => {
    await emptyListOf(ann);
    await put(ann, ring.product.id, ring.variantIds[0]);
    const list = await put(ann, ring.product.id);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      product: ring.product.id,
      variant: null,
      variantLabel: null,
      // Its lowest price, and every size's stock together.
      price: 45,
      countInStock: 3,
      optionsToChoose: ['Ring size'],
    });
    expect(list[1]).toMatchObject({ variant: ring.variantIds[0], variantLabel: 'Ring size: L' });
  });

  it('answers prices and stock as they are now, not as they were when kept', async () => {
    await emptyListOf(ann);
    await put(ann, scarf.id);
    await shop.database.db
      .updateTable('products')
      .set({ price_pence: 2900, count_in_stock: 0 })
      .where('id', '=', scarf.id)
      .execute();
    try {
      const [item] = await listOf(ann);
      expect(item).toMatchObject({ product: scarf.id, price: 29, countInStock: 0 });
    } finally {
      await shop.database.db
        .updateTable('products')
        .set({ price_pence: 3400, count_in_stock: 4 })
        .where('id', '=', scarf.id)
        .execute();
    }
  });

  it('removes an entry, and removing it again (or what was never kept) is fine', async () => {
    await emptyListOf(ann);
    await put(ann, scarf.id);
    await put(ann, ring.product.id, ring.variantIds[2]);
    await put(ann, ring.product.id);

    const removed = await call('DELETE', path(ring.product.id, ring.variantIds[2]), ann.token);
    expect(removed.statusCode).toBe(200);
    const after = wishlistSchema.parse(removed.json());
    // The size goes; the ring kept without a size stays.
    expect(after.map((item) => [item.product, item.variant])).toEqual([
      [ring.product.id, null],
      [scarf.id, null],
    ]);
    for (const again of [
      path(ring.product.id, ring.variantIds[2]),
      path('000000000000000000000000'),
      path(scarf.id, 'no-such-variant'),
    ]) {
      const response = await call('DELETE', again, ann.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(after);
    }
    expect(await listOf(ann)).toEqual(after);
  });

  it('refuses a product nobody can buy, or a variant not of it, with 404, changing nothing', async () => {
    await emptyListOf(ann);
    await put(ann, scarf.id);
    const draft = await addProduct(shop.database, { name: 'Unfinished Brooch', status: 'draft' });
    const before = await storedRows();
    const cases: [string, string, string][] = [
      [path('000000000000000000000000'), 'PRODUCT_NOT_FOUND', 'Product not found'],
      [path('no-such-product'), 'PRODUCT_NOT_FOUND', 'Product not found'],
      [path(draft.id), 'PRODUCT_NOT_FOUND', 'Product not found'],
      [
        path(ring.product.id, 'no-such-size'),
        'VARIANT_NOT_FOUND',
        'That option of Silver Band Ring is not sold',
      ],
      [
        // A size of another product.
        path(scarf.id, ring.variantIds[0]),
        'VARIANT_NOT_FOUND',
        'Lambswool Scarf comes in one version only',
      ],
    ];
    for (const [url, code, message] of cases) {
      const response = await call('PUT', url, ann.token);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message, code });
    }
    expect(await storedRows()).toEqual(before);
  });

  it('leaves out a product that goes back to draft, and shows it again when it is on sale', async () => {
    await emptyListOf(ann);
    const hat = await addProduct(shop.database, { name: 'Fisherman Beanie' });
    await put(ann, hat.id);
    await put(ann, scarf.id);
    const setStatus = (status: 'draft' | 'live') =>
      shop.database.db.updateTable('products').set({ status }).where('id', '=', hat.id).execute();
    await setStatus('draft');
    expect((await listOf(ann)).map((item) => item.product)).toEqual([scarf.id]);
    await setStatus('live');
    expect((await listOf(ann)).map((item) => item.product)).toEqual([scarf.id, hat.id]);
  });

  it("keeps each customer's list apart: nobody sees or changes another's", async () => {
    await emptyListOf(ann);
    await emptyListOf(bea);
    await put(ann, scarf.id);
    await put(bea, ring.product.id, ring.variantIds[0]);
    const admin = await addUser(shop, { role: 'admin' });
    expect((await listOf(ann)).map((item) => item.product)).toEqual([scarf.id]);
    expect((await listOf(bea)).map((item) => item.product)).toEqual([ring.product.id]);
    expect(await listOf(admin)).toEqual([]);

    // Bea removing the scarf removes it from her own list (where it is not), not from Ann's.
    const removed = await call('DELETE', path(scarf.id), bea.token);
    expect(removed.statusCode).toBe(200);
    expect((await listOf(ann)).map((item) => item.product)).toEqual([scarf.id]);
    expect(wishlistSchema.parse(removed.json()).map((item) => item.product)).toEqual([
      ring.product.id,
    ]);
  });

  it('answers 401 to a caller who is not signed in, changing nothing', async () => {
    await put(ann, scarf.id);
    const before = await storedRows();
    const attempts = [
      call('GET', '/api/users/profile/wishlist'),
      call('PUT', path(scarf.id)),
      call('PUT', path('x'.repeat(300))),
      call('DELETE', path(scarf.id)),
      call('GET', '/api/users/profile/wishlist', 'not.a.token'),
      call('PUT', path(scarf.id), 'not.a.token'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(401);
      expect(errorBodySchema.parse(response.json()).code).toBe('UNAUTHENTICATED');
    }
    expect(await storedRows()).toEqual(before);
  });

  describe('refuses a bad id or variant with 400, in words, changing nothing', () => {
    const cases: [string, () => string][] = [
      ['an id of 65 characters', () => path('a'.repeat(65))],
      ['an id of spaces', () => path('%20%20')],
      ['an id with a control character', () => path('abc%01def')],
      ['an empty variant', () => path(scarf.id, '')],
      ['a variant of 65 characters', () => path(ring.product.id, 'v'.repeat(65))],
      ['a variant with a line break', () => path(ring.product.id, 'v%0Aw')],
      ['two variants', () => `${path(ring.product.id, ring.variantIds[0])}&variant=x`],
    ];
    it.each(cases)('%s', async (_case, url) => {
      await put(ann, scarf.id);
      const before = await storedRows();
      for (const method of ['PUT', 'DELETE'] as const) {
        const response = await call(method, url(), ann.token);
        expect(response.statusCode, `${method} ${url()} ${response.body}`).toBe(400);
        expect(errorBodySchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
      }
      expect(await storedRows()).toEqual(before);
    });
  });

  it(`keeps at most ${WISHLIST_LIMIT} items, and keeping one of them again still answers 200`, async () => {
    const keen = await addUser(shop);
    const products: string[] = [];
    for (let number = 0; number < WISHLIST_LIMIT; number += 1) {
      products.push((await addProduct(shop.database, { name: `Charm ${number}` })).id);
    }
    // Straight into the database: two hundred calls would only say the same two hundred times.
    await shop.database.db
      .insertInto('wishlist_entries')
      .values(
        products.map((productId, index) => ({
          id: `${keen.id.slice(0, 12)}${String(index).padStart(12, '0')}`,
          user_id: keen.id,
          product_id: productId,
          variant_id: null,
          added_at: new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString(),
        })),
      )
      .execute();
    expect(await listOf(keen)).toHaveLength(WISHLIST_LIMIT);
    const before = await storedRows();

    const full = await call('PUT', path(scarf.id), keen.token);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({
      message: `Your wishlist holds ${WISHLIST_LIMIT} items, as many as it can: please remove one first`,
      code: 'WISHLIST_FULL',
    });
    expect(await storedRows()).toEqual(before);

    const again = await call('PUT', path(products[0] ?? ''), keen.token);
    expect(again.statusCode).toBe(200);
    expect(await storedRows()).toEqual(before);

    expect((await call('DELETE', path(products[0] ?? ''), keen.token)).statusCode).toBe(200);
    expect((await call('PUT', path(scarf.id), keen.token)).statusCode).toBe(200);
    expect((await listOf(keen))[0]?.product).toBe(scarf.id);
  });

  it('lets two additions at once take only the last place of a list', async () => {
    const quick = await addUser(shop);
    const [one, two] = await Promise.all([
      addProduct(shop.database, { name: 'Twin One' }),
      addProduct(shop.database, { name: 'Twin Two' }),
    ]);
    const fillers: string[] = [];
    for (let number = 1; number < WISHLIST_LIMIT; number += 1) {
      fillers.push((await addProduct(shop.database, { name: `Filler ${number}` })).id);
    }
    await shop.database.db
      .insertInto('wishlist_entries')
      .values(
        fillers.map((productId, index) => ({
          id: `${quick.id.slice(0, 12)}${String(index).padStart(12, '0')}`,
          user_id: quick.id,
          product_id: productId,
          variant_id: null,
          added_at: new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString(),
        })),
      )
      .execute();
    const answers = await Promise.all([
      call('PUT', path(one.id), quick.token),
      call('PUT', path(two.id), quick.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await listOf(quick)).toHaveLength(WISHLIST_LIMIT);
  });

  it('keeps the same entry once when it is added twice at the same moment', async () => {
    await emptyListOf(bea);
    const answers = await Promise.all([
      call('PUT', path(scarf.id), bea.token),
      call('PUT', path(scarf.id), bea.token),
      call('PUT', path(ring.product.id), bea.token),
      call('PUT', path(ring.product.id), bea.token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await listOf(bea)).toHaveLength(2);
  });

  it('loses an entry when its product is deleted, or its variant is no longer sold', async () => {
    await emptyListOf(ann);
    await emptyListOf(bea);
    const pendant = await addProductWithVariants(
      shop.database,
      [{ name: 'Chain length', values: ['16in', '18in'] }],
      [
        { options: { 'Chain length': '16in' }, countInStock: 3 },
        { options: { 'Chain length': '18in' }, countInStock: 3 },
      ],
      { name: 'Harbour Light Pendant' },
    );
    await put(ann, pendant.product.id, pendant.variantIds[0]);
    await put(ann, pendant.product.id, pendant.variantIds[1]);
    await put(ann, scarf.id);
    await put(bea, pendant.product.id);

    await shop.database.db
      .deleteFrom('product_variants')
      .where('id', '=', pendant.variantIds[0] ?? '')
      .execute();
    expect((await listOf(ann)).map((item) => item.variant)).toEqual([null, pendant.variantIds[1]]);

    const admin = await addUser(shop, { role: 'admin' });
    const deleted = await call('DELETE', `/api/products/${pendant.product.id}`, admin.token);
    expect(deleted.statusCode).toBe(200);
    expect((await listOf(ann)).map((item) => item.product)).toEqual([scarf.id]);
    expect(await listOf(bea)).toEqual([]);
    const left = await shop.database.db
      .selectFrom('wishlist_entries')
      .select('id')
      .where('product_id', '=', pendant.product.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('goes with the account when it is deleted, and is there to read for its owner', async () => {
    const leaving = await addUser(shop);
    await put(leaving, scarf.id);
    await put(leaving, ring.product.id, ring.variantIds[0]);
    // What "download my data" reads: the very list the API answers.
    expect(await wishlistOf(shop.database.db, leaving.id)).toEqual(await listOf(leaving));
    const admin = await addUser(shop, { role: 'admin' });
    expect((await call('DELETE', `/api/users/${leaving.id}`, admin.token)).statusCode).toBe(200);
    const left = await shop.database.db
      .selectFrom('wishlist_entries')
      .select('id')
      .where('user_id', '=', leaving.id)
      .execute();
    expect(left).toEqual([]);
  });
});
