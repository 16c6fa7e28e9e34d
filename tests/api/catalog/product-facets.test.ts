import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { adminProductSchema } from '../../../src/shared/catalog/catalog-admin';
import { productDetailSchema } from '../../../src/shared/catalog/catalog';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** A ring saved whole, as the back office's form sends it. */
const RING = {
  name: 'Hammered Stacking Ring',
  price: 42,
  image: '/uploads/ring.webp',
  brand: 'Oriel & Ivy',
  category: 'rings',
  countInStock: 6,
  description: 'A slim hammered band.',
};

describe.each(testDialects())("a product's facets, as the owner saves them, on %s", (dialect) => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => shop.close());

  const call = apiCaller(() => shop);

  const stored = (id: string) =>
    shop.database.db
      .selectFrom('products')
      .select(['metal', 'stone', 'colour', 'material'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const aRing = () =>
    addProduct(shop.database, {
      ...RING,
      pricePence: 4200,
      category: 'rings',
      facets: { metal: 'sterling silver', stone: 'garnet', colour: 'red', material: null },
    });

  it('saves the four facets in their canonical words, however they are written, and answers them', async () => {
    const ring = await aRing();
    const saved = await call('PUT', `/api/products/${ring.id}`, admin.token, {
      ...RING,
      facets: {
        metal: 'Rose-Gold-Vermeil',
        stone: 'CUBIC zirconia',
        colour: 'rose gold',
        material: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const facets = {
      metal: 'rose gold vermeil',
      stone: 'cubic zirconia',
      colour: 'rose gold',
      material: null,
    };
    expect(adminProductSchema.parse(saved.json()).facets).toEqual(facets);
    expect(await stored(ring.id)).toEqual(facets);
    const page = productDetailSchema.parse((await call('GET', `/api/products/${ring.id}`)).json());
    expect(page.facets).toEqual(facets);
    const loaded = await call('GET', `/api/admin/products/${ring.id}`, admin.token);
    expect(adminProductSchema.parse(loaded.json()).facets).toEqual(facets);
  });

  it('clears a facet sent as null, and keeps them all when the body leaves them out', async () => {
    const ring = await aRing();
    const cleared = await call('PUT', `/api/products/${ring.id}`, admin.token, {
      ...RING,
      facets: { metal: 'sterling silver', stone: null, colour: 'red', material: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored(ring.id)).toEqual({
      metal: 'sterling silver',
      stone: null,
      colour: 'red',
      material: null,
    });

    // A client that knows nothing of facets saves the rest and leaves them be.
    const older = await call('PUT', `/api/products/${ring.id}`, admin.token, {
      ...RING,
      price: 44,
    });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json()).toMatchObject({ price: 44 });
    expect(await stored(ring.id)).toEqual({
      metal: 'sterling silver',
      stone: null,
      colour: 'red',
      material: null,
    });
  });

  it.each([
    [{ metal: 'platinum', stone: null, colour: null, material: null }, 'facets.metal', /metal/],
    [{ metal: null, stone: 'glass', colour: null, material: null }, 'facets.stone', /stone/],
    [{ metal: null, stone: null, colour: 'mauve', material: null }, 'facets.colour', /colour/],
    [{ metal: null, stone: null, colour: null, material: 'nylon' }, 'facets.material', /material/],
    [{ metal: 'sterling silver', stone: null, colour: 'red' }, 'facets.material', /./],
    [{ metal: 7, stone: null, colour: null, material: null }, 'facets.metal', /./],
  ])('refuses facets %j with 400 naming %s, changing nothing', async (facets, path, words) => {
    const ring = await aRing();
    const response = await call('PUT', `/api/products/${ring.id}`, admin.token, {
      ...RING,
      name: 'Renamed Ring',
      facets,
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ code: string; message: string; errors?: { path: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(words);
    expect(body.errors?.map((error) => error.path)).toContain(path);
    expect(await stored(ring.id)).toEqual({
      metal: 'sterling silver',
      stone: 'garnet',
      colour: 'red',
      material: null,
    });
    const after = await call('GET', `/api/admin/products/${ring.id}`, admin.token);
    expect(after.json()).toMatchObject({ name: RING.name });
  });

  it('names the shop’s own list when a value is not on it', async () => {
    const ring = await aRing();
    const response = await call('PUT', `/api/products/${ring.id}`, admin.token, {
      ...RING,
      facets: { metal: 'platinum', stone: null, colour: null, material: null },
    });
    expect(response.json()).toMatchObject({
      message: expect.stringContaining(
        'sterling silver, 9ct gold, 18ct gold, gold vermeil, rose gold vermeil, gold filled',
      ) as unknown,
    });
  });

  it('audits a facet changed as it audits any other field, and only what changed', async () => {
    const ring = await aRing();
    const saved = await call('PUT', `/api/products/${ring.id}`, admin.token, {
      ...RING,
      facets: { metal: 'gold vermeil', stone: 'garnet', colour: 'gold', material: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = async () =>
      auditPageSchema.parse(
        (await call('GET', `/api/audit?q=${ring.id}&action=product.updated`, admin.token)).json(),
      ).entries;
    const [entry] = await entries();
    expect(entry).toMatchObject({
      actor: { _id: admin.id, name: 'Ada Admin' },
      target: { type: 'product', id: ring.id, label: RING.name },
      before: { metal: 'sterling silver', colour: 'red' },
      after: { metal: 'gold vermeil', colour: 'gold' },
    });
    expect(entry?.before).not.toHaveProperty('stone');
    expect(entry?.after).not.toHaveProperty('material');

    // Saved again with the same facets, or none said: nothing changed, nothing more written.
    for (const body of [
      {
        ...RING,
        facets: { metal: 'Gold Vermeil', stone: 'garnet', colour: 'gold', material: null },
      },
      RING,
    ]) {
      const again = await call('PUT', `/api/products/${ring.id}`, admin.token, body);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect(await entries()).toHaveLength(1);
  });
});
