import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPageSchema, PRODUCTS_PER_PAGE } from '../../../src/shared/catalog/catalog';
import { LISTED_AT_MOST } from '../../../src/server/catalog/catalog.repository';
import { insertProduct } from '../../../src/server/catalog/product-writes.repository';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('paging a large catalogue on %s', (dialect) => {
  let shop: TestShop;
  const beyond = PRODUCTS_PER_PAGE + 1;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    const template = await addProduct(shop.database, { name: 'Template' });
    await shop.database.db.transaction().execute(async (trx) => {
      for (let index = 1; index < LISTED_AT_MOST + beyond; index += 1) {
        await insertProduct(trx, {
          ...template,
          id: `bulk-${String(index).padStart(5, '0')}`,
          name: `Bulk product ${index}`,
          createdAt: new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString(),
        });
      }
    });
  }, 120_000);
  afterAll(() => shop.close());

  const page = async (url: string) => {
    const response = await shop.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return productPageSchema.parse(response.json());
  };

  it('counts no further than 100 pages, so a page costs the same however large the shop grows', async () => {
    const first = await page('/api/products');
    expect(first.pages).toBe(LISTED_AT_MOST / PRODUCTS_PER_PAGE);
    expect(first.products).toHaveLength(PRODUCTS_PER_PAGE);
  });

  it('still answers the products beyond, for an address that asks for them', async () => {
    const lastCounted = LISTED_AT_MOST / PRODUCTS_PER_PAGE;
    const past = await page(`/api/products?pageNumber=${lastCounted + 1}`);
    expect(past.products).toHaveLength(PRODUCTS_PER_PAGE);
    const further = await page(`/api/products?pageNumber=${lastCounted + 2}`);
    expect(further.products.map((product) => product.name)).toEqual(['Bulk product 1']);
  });

  it('counts a shelf exactly while it is under the bound', async () => {
    for (let index = 0; index < beyond; index += 1) {
      await addProduct(shop.database, { name: `Bobble hat ${index}`, category: 'hats' });
    }
    expect((await page('/api/products?category=hats')).pages).toBe(2);
    expect((await page('/api/products?category=accessories')).pages).toBe(
      LISTED_AT_MOST / PRODUCTS_PER_PAGE,
    );
  });
});
