import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductPageSchema } from '../../../src/shared/catalog/catalog-admin';
import { newId } from '../../../src/server/sql/ids';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())("the back office's product list on %s", (dialect) => {
  let shop: TestShop;
  let staff: TestUser;
  const mark = newId().slice(0, 6);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shop = await startTestShop(dialect, { LOW_STOCK: '2' });
    staff = await addUser(shop, { role: 'staff' });
    ids.plenty = (
      await addProduct(shop.database, {
        name: `Plenty Pendant ${mark}`,
        category: 'pendants',
        countInStock: 40,
      })
    ).id;
    ids.low = (
      await addProduct(shop.database, {
        name: `Lowly Chain ${mark}`,
        category: 'chains',
        countInStock: 2,
      })
    ).id;
    ids.gone = (
      await addProduct(shop.database, {
        name: `Gone Hat ${mark}`,
        brand: `Brandon ${mark}`,
        category: 'hats',
        countInStock: 0,
      })
    ).id;
    ids.sizes = (
      await addProductWithVariants(
        shop.database,
        [{ name: 'Size', values: ['S', 'M'] }],
        [
          { options: { Size: 'S' }, sku: `TEE-S-${mark}`, countInStock: 0 },
          { options: { Size: 'M' }, sku: `TEE-M-${mark}`, countInStock: 9 },
        ],
        { name: `Sized Tee ${mark}`, category: 't-shirts' },
      )
    ).product.id;
  });
  afterAll(() => shop.close());

  const list = async (query: string) => {
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/products?${query.startsWith('q=') ? query : `q=${mark}&${query}`}`,
      headers: bearer(staff.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = adminProductPageSchema.parse(response.json());
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return page.products.map((product) => names[product._id]).sort();
  };

  it('finds products by words in their name, brand or SKU, in any case', async () => {
    expect(await list('')).toEqual(['gone', 'low', 'plenty', 'sizes']);
    expect(await list(`q=lowly chain ${mark}`)).toEqual(['low']);
    expect(await list(`q=brandon ${mark}`)).toEqual(['gone']);
    expect(await list(`q=tee-m-${mark}`)).toEqual(['sizes']);
  });

  it('narrows them to a category, or by stock: in stock, low, or something sold out', async () => {
    expect(await list('category=chains')).toEqual(['low']);
    expect(await list('stock=in_stock')).toEqual(['low', 'plenty', 'sizes']);
    expect(await list('stock=low')).toEqual(['low']);
    expect(await list('stock=sold_out')).toEqual(['gone', 'sizes']);
    expect(await list('stock=&category=')).toEqual(['gone', 'low', 'plenty', 'sizes']);
  });

  it('refuses a stock or category it does not know', async () => {
    for (const query of ['stock=plenty', 'category=boots', `q=${'x'.repeat(101)}`]) {
      const response = await shop.app.inject({
        method: 'GET',
        url: `/api/admin/products?${query}`,
        headers: bearer(staff.token),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
