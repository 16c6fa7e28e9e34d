import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LISTING_FACETS } from '../../../src/shared/catalog/facets';
import { productDetailSchema, productPageSchema } from '../../../src/shared/catalog/catalog';
import type { ProductFacets } from '../../../src/shared/catalog/facets';
import { addProduct, addReview } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('the catalogue on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
  });
  afterAll(() => shop.close());

  async function getPage(query: string) {
    const response = await shop.request(`/api/products${query}`);
    expect(response.status).toBe(200);
    return productPageSchema.parse(await response.json());
  }

  describe('listing', () => {
    beforeAll(async () => {
      for (let index = 0; index < 25; index += 1) {
        await addProduct(shop.database, { name: `Listing item ${index}`, category: 'hats' });
      }
      await addProduct(shop.database, { name: 'Hidden draft hat', status: 'draft' });
    });

    it('answers twelve products a page, newest first, with the page count', async () => {
      const first = await getPage('');
      expect(first.products).toHaveLength(12);
      expect(first.page).toBe(1);
      expect(first.pages).toBe(3);
      const times = first.products.map((product) => product.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect(first.products[0]).toMatchObject({
        name: 'Listing item 24',
        brand: 'Test Brand',
        price: 10,
        countInStock: 5,
        rating: 0,
        numReviews: 0,
      });
      expect(first.products[0]?._id).toMatch(/^[0-9a-f]{24}$/);
    });

    it('pages on, and answers an empty page past the end', async () => {
      const third = await getPage('?pageNumber=3');
      expect(third.products).toHaveLength(1);
      expect(third.page).toBe(3);
      const beyond = await getPage('?pageNumber=40');
      expect(beyond).toMatchObject({ products: [], page: 40, pages: 3, total: 25 });
    });

    it.each(['abc', '0', '-2', '1.5', '', '99999999999999999999'])(
      'reads page number %j as the first page',
      async (value) => {
        const page = await getPage(`?pageNumber=${encodeURIComponent(value)}`);
        expect(page.page).toBe(1);
        expect(page.products).toHaveLength(12);
      },
    );

    it('never lists a draft', async () => {
      const all = [
        ...(await getPage('?pageNumber=1')).products,
        ...(await getPage('?pageNumber=2')).products,
        ...(await getPage('?pageNumber=3')).products,
      ];
      expect(all).toHaveLength(25);
      expect(all.map((product) => product.name)).not.toContain('Hidden draft hat');
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await addProduct(shop.database, {
        name: 'Crescent Moon Pendant',
        brand: 'Wren Atelier',
        category: 'pendants',
        description: 'A sterling silver crescent on a fine chain.',
      });
      await addProduct(shop.database, {
        name: 'Ribbed Beanie',
        brand: 'Northern Thread',
        category: 'hats',
        description: 'Soft merino, lovely under a pendant-free winter collar.',
      });
      await addProduct(shop.database, {
        name: 'Curb Chain',
        brand: 'Hartley & Rose',
        category: 'chains',
        description: 'Gold vermeil links.',
      });
      await addProduct(shop.database, {
        name: 'Draft Moon Pendant',
        category: 'pendants',
        status: 'draft',
      });
    });

    const names = async (keyword: string) =>
      (await getPage(`?keyword=${encodeURIComponent(keyword)}`)).products.map((p) => p.name);

    it('finds a word in the name, brand, category or description, whatever its case', async () => {
      expect(await names('CRESCENT')).toEqual(['Crescent Moon Pendant']);
      expect(await names('northern')).toEqual(['Ribbed Beanie']);
      expect(await names('chains')).toContain('Curb Chain');
      expect(await names('vermeil')).toEqual(['Curb Chain']);
    });

    it('puts a match in the name before a match in the description', async () => {
      expect(await names('pendant')).toEqual(['Crescent Moon Pendant', 'Ribbed Beanie']);
    });

    it('matches the start of a word and needs every word', async () => {
      expect(await names('pend')).toContain('Crescent Moon Pendant');
      expect(await names('moon silver')).toEqual(['Crescent Moon Pendant']);
      expect(await names('moon gold')).toEqual([]);
    });

    it('answers an empty page for a miss, naming the word that found nothing', async () => {
      expect(await getPage('?keyword=tiara')).toEqual({
        products: [],
        page: 1,
        pages: 1,
        total: 0,
        facets: NO_LISTING_FACETS,
        unmatched: ['tiara'],
      });
    });

    it.each([`' OR 1=1 --`, '"', '*', 'moon" OR "x', 'NEAR(', '%_', 'a'.repeat(5000)])(
      'treats %j as words, never as query syntax',
      async (keyword) => {
        const response = await shop.request(`/api/products?keyword=${encodeURIComponent(keyword)}`);
        expect(response.status).toBe(200);
        const page = productPageSchema.parse(await response.json());
        expect(page.products.map((product) => product.name)).not.toContain('Draft Moon Pendant');
      },
    );

    it('never finds a draft', async () => {
      expect(await names('draft')).toEqual([]);
    });

    it('keeps the index in step when a product changes or goes', async () => {
      const product = await addProduct(shop.database, { name: 'Velvet Scrunchie' });
      expect(await names('scrunchie')).toEqual(['Velvet Scrunchie']);
      await shop.database.db
        .updateTable('products')
        .set({ name: 'Velvet Bow' })
        .where('id', '=', product.id)
        .execute();
      expect(await names('scrunchie')).toEqual([]);
      expect(await names('bow')).toEqual(['Velvet Bow']);
      await shop.database.db.deleteFrom('products').where('id', '=', product.id).execute();
      expect(await names('bow')).toEqual([]);
    });
  });

  describe('a product', () => {
    it('answers the product with its reviews, newest first', async () => {
      const product = await addProduct(shop.database, { name: 'Rope Chain', pricePence: 4550 });
      await addReview(shop.database, product.id, 5, 'Older review', '2026-01-01T10:00:00.000Z');
      await addReview(
        shop.database,
        product.id,
        4,
        'Newer <b>review</b>',
        '2026-02-01T10:00:00.000Z',
      );
      const response = await shop.request(`/api/products/${product.id}`);
      expect(response.status).toBe(200);
      const detail = productDetailSchema.parse(await response.json());
      expect(detail).toMatchObject({
        _id: product.id,
        name: 'Rope Chain',
        price: 45.5,
        rating: 4.5,
        numReviews: 2,
      });
      expect(detail.reviews.map((review) => review.comment)).toEqual([
        'Newer <b>review</b>',
        'Older review',
      ]);
      expect(detail.reviews[0]).toMatchObject({
        name: 'Reviewer',
        rating: 4,
        createdAt: '2026-02-01T10:00:00.000Z',
      });
    });

    it.each(['does-not-exist', '0'.repeat(24), 'x'.repeat(64)])(
      'answers 404 for an unknown id %s',
      async (id) => {
        const response = await shop.request(`/api/products/${id}`);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          message: 'Product not found',
          code: 'PRODUCT_NOT_FOUND',
        });
      },
    );

    it('refuses an id that is far too long', async () => {
      const response = await shop.request(`/api/products/${'x'.repeat(65)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('hides a draft as if it did not exist', async () => {
      const draft = await addProduct(shop.database, { status: 'draft' });
      expect((await shop.request(`/api/products/${draft.id}`)).status).toBe(404);
      expect((await shop.request(`/api/products/${draft.id}/similar`)).status).toBe(404);
    });
  });

  describe('similar products', () => {
    it('answers up to four others of the category, in stock first, never drafts', async () => {
      const anchor = await addProduct(shop.database, {
        category: 'jumpers',
        name: 'Anchor jumper',
      });
      const soldOut = await addProduct(shop.database, {
        category: 'jumpers',
        countInStock: 0,
        name: 'Sold-out jumper',
      });
      for (let index = 0; index < 4; index += 1) {
        await addProduct(shop.database, { category: 'jumpers', name: `Jumper ${index}` });
      }
      await addProduct(shop.database, {
        category: 'jumpers',
        status: 'draft',
        name: 'Draft jumper',
      });
      await addProduct(shop.database, { category: 't-shirts', name: 'A t-shirt' });

      const response = await shop.request(`/api/products/${anchor.id}/similar`);
      expect(response.status).toBe(200);
      const similar = (await response.json()) as { name: string; category: string }[];
      expect(similar).toHaveLength(4);
      expect(similar.every((product) => product.category === 'jumpers')).toBe(true);
      const names = similar.map((product) => product.name);
      expect(names).not.toContain('Anchor jumper');
      expect(names).not.toContain(soldOut.name);
      expect(names).not.toContain('Draft jumper');
    });

    it('ranks first those sharing the most of its metal, stone, colour and material', async () => {
      const facets = (changes: Partial<ProductFacets>): ProductFacets => ({
        metal: null,
        stone: null,
        colour: null,
        material: null,
        ...changes,
      });
      const goldSapphire = facets({ metal: '9ct gold', stone: 'sapphire', colour: 'gold' });
      const anchor = await addProduct(shop.database, {
        category: 'rings',
        name: 'Gold sapphire ring',
        facets: goldSapphire,
      });
      // Added oldest first: with nothing shared, the newest would come first.
      const added = [
        ['Same three, sold out', { ...goldSapphire }, 0],
        [
          'Same metal and stone',
          facets({ metal: '9ct gold', stone: 'sapphire', colour: 'blue' }),
          5,
        ],
        ['Same colour only', facets({ metal: 'gold vermeil', stone: 'topaz', colour: 'gold' }), 5],
        [
          'Nothing shared',
          facets({ metal: 'sterling silver', stone: 'opal', colour: 'silver' }),
          5,
        ],
        ['No facets at all', facets({}), 5],
      ] as const;
      for (const [name, productFacets, countInStock] of added) {
        await addProduct(shop.database, {
          category: 'rings',
          name,
          facets: productFacets,
          countInStock,
        });
      }
      // The same facets on another shelf are no match.
      await addProduct(shop.database, {
        category: 'pendants',
        name: 'Gold sapphire pendant',
        facets: goldSapphire,
      });

      const response = await shop.request(`/api/products/${anchor.id}/similar`);
      expect(response.status).toBe(200);
      const similar = productPageSchema.shape.products.parse(await response.json());
      expect(similar.map((product) => product.name)).toEqual([
        'Same three, sold out',
        'Same metal and stone',
        'Same colour only',
        'No facets at all',
      ]);
    });

    it('answers 404 for an unknown product', async () => {
      expect((await shop.request('/api/products/nope/similar')).status).toBe(404);
    });
  });
});
