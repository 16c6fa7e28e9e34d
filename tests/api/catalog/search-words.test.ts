import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_LISTING_FACETS } from '../../../src/shared/catalog/facets';
import type { Kysely } from 'kysely';
import { errorBodySchema, type ErrorBody } from '../../../src/shared/errors';
import { productPageSchema, type ProductPage } from '../../../src/shared/catalog/catalog';
import { fillDepartments } from '../../../src/server/db/migrations/007-search-words-and-shelves';
import { demoProducts } from '../../../src/server/db/seed/demo-products';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('search words and shelves on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    // The demo catalogue as the shop sells it, oldest first so the newest is the last one.
    for (const [index, product] of [...demoProducts].reverse().entries()) {
      await addProduct(shop.database, {
        name: product.name,
        brand: product.brand,
        category: product.category,
        description: product.description,
        specifications: product.specifications ?? [],
        createdAt: new Date(Date.UTC(2026, 2, 1) + index * 60_000).toISOString(),
      });
    }
    await addProduct(shop.database, {
      name: 'Grey Marl Lounge Tee',
      category: 't-shirts',
      description: 'A soft tee in our favourite colour.',
      specifications: [{ label: 'Fabric', value: 'Cotton jersey' }],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await addProduct(shop.database, {
      name: 'Moonlit Tiara',
      category: 'accessories',
      description: 'Not for sale yet.',
      specifications: [{ label: 'Metal', value: 'Sterling silver' }],
      status: 'draft',
    });
    // The shop learns its products' words in the background, a moment after they are added.
    await vi.waitFor(async () => expect((await search('pendnat')).suggestion).toBe('pendant'), {
      timeout: 10_000,
      interval: 100,
    });
  });
  afterAll(() => shop.close());

  async function getPage(query: Record<string, string>): Promise<ProductPage> {
    const response = await shop.request(`/api/products?${new URLSearchParams(query).toString()}`);
    expect(response.status).toBe(200);
    return productPageSchema.parse(await response.json());
  }
  const search = (keyword: string, more: Record<string, string> = {}) =>
    getPage({ keyword, ...more });
  const names = async (keyword: string, more: Record<string, string> = {}) =>
    (await search(keyword, more)).products.map((product) => product.name);
  /** Every page's names of a search. */
  const allNames = async (keyword: string) => {
    const first = await search(keyword);
    const rest = await Promise.all(
      Array.from({ length: first.pages - 1 }, (_, index) =>
        search(keyword, { pageNumber: String(index + 2) }),
      ),
    );
    return [first, ...rest].flatMap((page) => page.products.map((product) => product.name));
  };
  const demoNames = (test: (name: string) => boolean) =>
    demoProducts.map((product) => product.name).filter(test);

  describe('everyday words', () => {
    it('find pendants and chains for a necklace', async () => {
      const found = await names('necklace');
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((name) => /Pendant|Chain/.test(name))).toBe(true);
    });

    it('find the whole of the jewellery in either spelling, and nothing knitted', async () => {
      for (const word of ['jewellery', 'jewelry', 'Jewelery']) {
        const page = await search(word);
        expect(page.pages).toBeGreaterThan(1);
        const found = [...page.products, ...(await search(word, { pageNumber: '2' })).products].map(
          (product) => product.name,
        );
        expect(found).toEqual(
          expect.arrayContaining([
            'Sterling Silver Bangle',
            'Chunky Gold Hoop Earrings',
            'Sterling Silver Solitaire Ring',
          ]),
        );
        expect(found).not.toContain('Chunky Bobble Beanie');
        expect(page.suggestion).toBeUndefined();
      }
    });

    it('find jumpers for a sweater, a pullover or a jumper, and knitwear for knit', async () => {
      const jumpers = demoNames((name) => /Jumper|Crew Neck|Roll Neck/.test(name));
      for (const word of ['sweater', 'pullover', 'sweaters', 'jumpers']) {
        expect((await names(word)).sort()).toEqual([...jumpers].sort());
      }
      const knitted = await allNames('knit');
      expect(knitted).toEqual(expect.arrayContaining(['Merino Knit Gloves', ...jumpers]));
    });

    it('find tees for a tee, a tshirt, a t-shirt or a T shirt', async () => {
      const tees = [...demoNames((name) => name.endsWith('Tee')), 'Grey Marl Lounge Tee'].sort();
      for (const word of ['tee', 'tees', 'tshirt', 't-shirt', 'T Shirts']) {
        const page = await search(word);
        expect(page.products.map((product) => product.name).sort()).toEqual(tees);
      }
    });

    it('find a bangle for a bracelet, hoops for earrings and beanies for a beanie', async () => {
      expect(await names('bracelet')).toEqual(['Sterling Silver Bangle']);
      expect(await names('silver bracelets')).toEqual(['Sterling Silver Bangle']);
      // First, not alone: SQLite's stemmer reads earring as `ear`, which a beanie's ears share.
      expect((await names('earrings'))[0]).toBe('Chunky Gold Hoop Earrings');
      expect((await names('beanies')).sort()).toEqual(
        ['Chunky Bobble Beanie', 'Fisherman Beanie', 'Merino Stripe Beanie'].sort(),
      );
      expect(await names('scarves')).toEqual(['Lambswool Tartan Scarf']);
    });

    it('know British and American spellings', async () => {
      expect(await names('gray marl')).toEqual(['Grey Marl Lounge Tee']);
      expect(await names('favorite color')).toEqual(['Grey Marl Lounge Tee']);
      expect(await names('favourite colour')).toEqual(['Grey Marl Lounge Tee']);
    });

    it('still rank a match in the name first', async () => {
      const found = await names('pendant');
      expect(found.slice(0, 7).every((name) => name.endsWith('Pendant'))).toBe(true);
    });
  });

  describe('near misses', () => {
    const pendants = demoNames((name) => name.endsWith('Pendant'));
    const jumpers = demoNames((name) => /Jumper|Crew Neck|Roll Neck/.test(name));
    it.each([
      ['pendnat', 'pendant', pendants],
      ['jumpr', 'jumper', jumpers],
      ['beenie', 'beanie', ['Chunky Bobble Beanie', 'Fisherman Beanie', 'Merino Stripe Beanie']],
      ['necklase', 'necklace', [...pendants, 'Classic Curb Chain']],
      ['jewlery', 'jewellery', ['Sterling Silver Bangle', 'Chunky Gold Hoop Earrings']],
      ['Lambswol', 'lambswool', ['Lambswool Crew Neck', 'Lambswool Tartan Scarf']],
    ])('find what %j meant, and say it was %j', async (typed, meant, expected) => {
      const found = [
        ...(await search(typed)).products,
        ...(await search(typed, { pageNumber: '2' })).products,
      ].map((product) => product.name);
      expect(found).toEqual(expect.arrayContaining(expected));
      expect(found).not.toContain('Canvas Stripe Tote');
      expect((await search(typed)).suggestion).toBe(meant);
    });

    it('put one word right and keep the others', async () => {
      const page = await search('silver pendnat');
      expect(page.suggestion).toBe('silver pendant');
      expect(page.products.map((product) => product.name)).toEqual(
        expect.arrayContaining(['North Star Pendant', 'Blue Topaz Teardrop Pendant']),
      );
      expect(page.products.map((product) => product.name)).not.toContain('Emerald Disc Pendant');
    });

    it('page on through what the word put right found', async () => {
      const first = await search('jewlery');
      expect(first.pages).toBeGreaterThan(1);
      const second = await search('jewlery', { pageNumber: '2' });
      expect(second.suggestion).toBe('jewellery');
      expect(second.products.length).toBeGreaterThan(0);
    });

    it('suggest the other words when one is near nothing, showing nothing', async () => {
      expect(await search('silver xqzvwk')).toEqual({
        products: [],
        page: 1,
        pages: 1,
        total: 0,
        facets: NO_LISTING_FACETS,
        suggestion: 'silver',
        unmatched: ['xqzvwk'],
      });
    });

    it('suggest nothing for a word near nothing, or words that are only not found together', async () => {
      expect(await search('xqzvwk')).toEqual({
        products: [],
        page: 1,
        pages: 1,
        total: 0,
        facets: NO_LISTING_FACETS,
        unmatched: ['xqzvwk'],
      });
      expect(await search('emerald beanie')).toEqual({
        products: [],
        page: 1,
        pages: 1,
        total: 0,
        facets: NO_LISTING_FACETS,
      });
    });

    it('never suggest a word only a draft holds', async () => {
      expect(await search('tiarra')).toEqual({
        products: [],
        page: 1,
        pages: 1,
        total: 0,
        facets: NO_LISTING_FACETS,
        unmatched: ['tiarra'],
      });
    });

    it('never carry a suggestion when the words as typed find something', async () => {
      expect((await search('pendant')).suggestion).toBeUndefined();
      expect((await search('pend')).suggestion).toBeUndefined();
    });

    it('know the words of a product added after an earlier near miss', async () => {
      expect((await search('pendnat')).suggestion).toBe('pendant');
      expect((await search('labradorte')).unmatched).toEqual(['labradorte']);
      // In no shelf, so that the shelves below stay as the demo catalogue has them.
      await addProduct(shop.database, { name: 'Labradorite Charm', category: 'accessories' });
      // The shop learns the new word in the background, and drops the answer it gave before.
      await vi.waitFor(async () => expect((await search('labradorte')).suggestion).toBeDefined(), {
        timeout: 10_000,
        interval: 100,
      });
      const page = await search('labradorte');
      expect(page.products.map((product) => product.name)).toEqual(['Labradorite Charm']);
      expect(page.suggestion).toBe('labradorite');
    });
  });

  describe('words that find nothing are not put right to something else', () => {
    const nothingFor = (word: string) => ({
      products: [],
      page: 1,
      pages: 1,
      total: 0,
      facets: NO_LISTING_FACETS,
      unmatched: [word],
    });

    it.each(['hoodie', 'hoodies', 'cardigan', 'watch'])(
      'find nothing for %j, and say so',
      async (word) => {
        expect(await search(word)).toEqual(nothingFor(word));
      },
    );

    it('keep the words that found something when one finds nothing', async () => {
      expect(await search('merino hoodie')).toEqual({
        products: [],
        page: 1,
        pages: 1,
        total: 0,
        facets: NO_LISTING_FACETS,
        suggestion: 'merino',
        unmatched: ['hoodie'],
      });
    });

    it('find earrings for earrings, and no beanie that sits above the ears', async () => {
      expect(await names('earrings')).toEqual(['Chunky Gold Hoop Earrings']);
      expect(await names('earring')).toEqual(['Chunky Gold Hoop Earrings']);
      const jewellery = [
        ...(await search('jewellery')).products,
        ...(await search('jewellery', { pageNumber: '2' })).products,
      ].map((product) => product.name);
      expect(jewellery.some((name) => name.endsWith('Beanie'))).toBe(false);
    });

    it.each(['merino beenie', 'pendnat', 'beenie', 'necklase', 'lambswol'])(
      'still put a genuine slip right: %j',
      async (typed) => {
        const page = await search(typed);
        expect(page.suggestion).toBeDefined();
        expect(page.products.length).toBeGreaterThan(0);
        expect(page.unmatched).toBeUndefined();
      },
    );
  });

  describe('gift words', () => {
    const everything = async (keyword: string) => {
      const first = await search(keyword);
      const rest = await Promise.all(
        Array.from({ length: first.pages - 1 }, (_, index) =>
          search(keyword, { pageNumber: String(index + 2) }),
        ),
      );
      expect(first.suggestion).toBeUndefined();
      return [first, ...rest].flatMap((page) => page.products.map((product) => product.name));
    };
    const jewellery = [
      ...demoNames((name) => /Pendant|Chain/.test(name)),
      'Sterling Silver Bangle',
      'Chunky Gold Hoop Earrings',
      'Sterling Silver Solitaire Ring',
      'Gold Vermeil Court Band',
    ];

    const gifts = [...jewellery, 'Lambswool Tartan Scarf', 'Merino Knit Gloves'];

    it.each(['gift', 'gifts', 'present', 'Presents'])(
      'find the jewellery, the scarf, the gloves and the gift card for %j',
      async (keyword) => {
        const found = await everything(keyword);
        expect(found.sort()).toEqual([...gifts, 'Gift card'].sort());
      },
    );

    it.each(['for her', 'gift for her'])(
      'find the jewellery, the scarf and the gloves for %j',
      async (keyword) => {
        const found = await everything(keyword);
        expect(found.sort()).toEqual([...gifts].sort());
      },
    );

    it('find chains, the ring, caps, beanies, the scarf and the gloves for him', async () => {
      const found = await everything('for him');
      expect(found).toEqual(
        expect.arrayContaining([
          'Classic Curb Chain',
          'Sterling Silver Solitaire Ring',
          'Washed Cotton Cap',
          'Fisherman Beanie',
          'Lambswool Tartan Scarf',
          'Merino Knit Gloves',
        ]),
      );
      expect(found.some((name) => name.endsWith('Tee') || name.endsWith('Tote'))).toBe(false);
    });

    it('find the same for a keyword of many meanings as for one of fewer', async () => {
      // Each of these words means nine things or more: PostgreSQL asks its full-text index for
      // all four (over 32 stems), and walks the shop's own index for three.
      const fewer = await allNames('gift for her jewellery');
      expect(fewer.length).toBeGreaterThan(0);
      expect((await allNames('gift present for her jewellery')).sort()).toEqual([...fewer].sort());
    });
  });

  describe('shelves', () => {
    const shelf = async (category: string, pageNumber = '1') => getPage({ category, pageNumber });
    const everything = async (category: string) => {
      const first = await shelf(category);
      const rest = await Promise.all(
        Array.from({ length: first.pages - 1 }, (_, index) => shelf(category, String(index + 2))),
      );
      return [first, ...rest].flatMap((page) => page.products.map((product) => product.name));
    };

    it('list one category, twelve a page, newest first', async () => {
      const pendants = await shelf('pendants');
      expect(pendants.pages).toBe(1);
      expect(pendants.products.map((product) => product.name)).toEqual(
        demoProducts.filter((product) => product.category === 'pendants').map((p) => p.name),
      );
      const tees = await everything('t-shirts');
      expect(tees.at(-1)).toBe('Grey Marl Lounge Tee');
      expect(tees).toHaveLength(8);
    });

    it('list the jewellery: pendants, chains, and the accessories that name a metal', async () => {
      const jewellery = await everything('jewellery');
      expect(jewellery).toHaveLength(20);
      expect(jewellery).toEqual(
        expect.arrayContaining([
          'Crescent Moon Pendant',
          'Heavy Silver Curb Chain',
          'Sterling Silver Bangle',
          'Chunky Gold Hoop Earrings',
          'Sterling Silver Solitaire Ring',
        ]),
      );
      for (const name of ['Canvas Stripe Tote', 'Merino Knit Gloves', 'Moonlit Tiara']) {
        expect(jewellery).not.toContain(name);
      }
      const first = await shelf('jewellery');
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.products).toHaveLength(12);
      const times = first.products.map((product) => product.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('list the knitwear: jumpers, and hats and accessories knitted from wool', async () => {
      const knitwear = await everything('knitwear');
      expect(knitwear.sort()).toEqual(
        [
          ...demoNames((name) => /Jumper|Crew Neck|Roll Neck/.test(name)),
          'Chunky Bobble Beanie',
          'Fisherman Beanie',
          'Merino Stripe Beanie',
          'Lambswool Tartan Scarf',
          'Merino Knit Gloves',
          'Wool Stripe Socks',
        ].sort(),
      );
    });

    it('move a product when a save changes what it is made of', async () => {
      const product = await addProduct(shop.database, {
        name: 'Cotton Drawstring Pouch',
        category: 'accessories',
        specifications: [{ label: 'Fabric', value: 'Cotton' }],
      });
      expect(await everything('knitwear')).not.toContain('Cotton Drawstring Pouch');
      const saved = await call('PUT', `/api/products/${product.id}`, admin.token, {
        name: 'Alpaca Drawstring Pouch',
        price: 12,
        image: '/uploads/pouch.webp',
        brand: 'Test Brand',
        category: 'accessories',
        countInStock: 3,
        description: 'A soft pouch.',
        options: [],
        variants: [],
        specifications: [{ label: 'Fabric', value: '100% alpaca' }],
      });
      expect(saved.statusCode).toBe(200);
      expect(await everything('knitwear')).toContain('Alpaca Drawstring Pouch');
    });

    it('search within a shelf', async () => {
      expect((await names('merino', { category: 'hats' })).sort()).toEqual([
        'Fisherman Beanie',
        'Merino Stripe Beanie',
      ]);
      expect((await names('cotton', { category: 'knitwear' })).sort()).toEqual([
        'Organic Cotton Crew Jumper',
      ]);
      expect(await names('silver', { category: 'knitwear' })).toEqual([]);
      const nearMiss = await search('pendnat', { category: 'jewellery' });
      expect(nearMiss.suggestion).toBe('pendant');
      expect(nearMiss.products.length).toBeGreaterThan(0);
    });

    it('read a shelf whatever its case, and an empty one as no shelf', async () => {
      expect((await shelf('Pendants')).products).toHaveLength(9);
      expect((await getPage({ category: '' })).pages).toBeGreaterThan(3);
    });

    it('answer 404 CATEGORY_NOT_FOUND for a shelf the shop does not have', async () => {
      for (const category of ['spaceships', 'jewelry ', "pendants' OR 1=1", 'ü']) {
        const response = await call(
          'GET',
          `/api/products?category=${encodeURIComponent(category)}`,
        );
        expect(response.statusCode).toBe(404);
        const body: ErrorBody = errorBodySchema.parse(response.json());
        expect(body.code).toBe('CATEGORY_NOT_FOUND');
        expect(body.message).toContain('There is no category called');
        expect(body.message).toContain('Knitwear');
      }
      const searched = await call('GET', '/api/products?category=tiaras&keyword=pendant');
      expect(searched.statusCode).toBe(404);
    });

    it('shelve the products a catalogue already held when shelves came in', async () => {
      const before = {
        jewellery: await everything('jewellery'),
        knitwear: await everything('knitwear'),
      };
      // As the catalogue stood before shelves: no product had a department.
      await shop.database.db.updateTable('products').set({ department: null }).execute();
      await fillDepartments(shop.database.db as unknown as Kysely<unknown>);
      const shelved = await shop.database.db
        .selectFrom('products')
        .select(['name', 'department'])
        .where('status', '=', 'live')
        .execute();
      const inDepartment = (department: string) =>
        shelved.filter((row) => row.department === department).map((row) => row.name);
      expect(inDepartment('jewellery').sort()).toEqual([...before.jewellery].sort());
      expect(inDepartment('knitwear').sort()).toEqual([...before.knitwear].sort());
      expect(await everything('jewellery')).toEqual(before.jewellery);
      expect(await everything('knitwear')).toEqual(before.knitwear);
      expect((await search('pendnat')).suggestion).toBe('pendant');
    });

    it('refuse a category far too long, in words', async () => {
      const response = await call('GET', `/api/products?category=${'x'.repeat(500)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().message).toMatch(/category/i);
    });
  });

  describe('what a shopper may type', () => {
    const oddKeywords = [
      '"',
      '*',
      'pendant*',
      'NEAR(',
      'NEAR(pendant chain)',
      ':',
      'name:pendant',
      '{name}: moon',
      '^moon',
      'moon AND NOT chain',
      '(silver',
      'silver & | ! gold',
      'pendant:* | chain',
      `' OR 1=1 --`,
      '%_',
      '🐑 merino',
      'ﬁne chain',
      'a'.repeat(5000),
      'pendnat '.repeat(500),
      Array.from({ length: 40 }, (_, index) => `word${index}`).join(' '),
    ];
    const shortened = (keyword: string) =>
      keyword.length > 60 ? `${keyword.slice(0, 16)}… (${keyword.length} characters)` : keyword;
    it.each(oddKeywords.map((keyword) => [shortened(keyword), keyword]))(
      'answer %j as words, never as query syntax',
      async (_shown, keyword) => {
        const shelves: Record<string, string>[] = [{}, { category: 'jewellery' }];
        for (const more of shelves) {
          const response = await call(
            'GET',
            `/api/products?${new URLSearchParams({ keyword, ...more }).toString()}`,
          );
          expect(response.statusCode).toBe(200);
          const page = productPageSchema.parse(response.json());
          expect(page.products.map((product) => product.name)).not.toContain('Moonlit Tiara');
        }
      },
    );

    it('read syntax characters around words as spaces', async () => {
      expect(await names('"silver" bangle*')).toEqual(['Sterling Silver Bangle']);
      expect(await names('NEAR(bangle)')).toEqual([]);
      expect(await names('bangle:')).toEqual(['Sterling Silver Bangle']);
    });
  });

  describe('a product saved', () => {
    it('find a renamed product by its new name at once, and no longer by its old one', async () => {
      const product = await addProduct(shop.database, {
        name: 'Heron Stud Earrings',
        category: 'earrings',
      });
      expect(await names('heron')).toEqual(['Heron Stud Earrings']);
      const saved = await call('PUT', `/api/products/${product.id}`, admin.token, {
        name: 'Kingfisher Stud Earrings',
        price: 24,
        image: '/uploads/studs.webp',
        brand: 'Test Brand',
        category: 'earrings',
        countInStock: 3,
        description: 'Enamelled studs.',
        options: [],
        variants: [],
        specifications: [],
      });
      expect(saved.statusCode).toBe(200);
      expect(await names('kingfisher')).toEqual(['Kingfisher Stud Earrings']);
      expect(await names('kingfish')).toEqual(['Kingfisher Stud Earrings']);
      expect((await search('heron')).products).toEqual([]);
    });
  });

  describe('a search that matches a great many products', () => {
    it('ranks and counts the newest 240 matches: twenty pages', async () => {
      for (let index = 0; index < 250; index += 1) {
        await addProduct(shop.database, { name: `Bulk Quartz Charm ${index}` });
      }
      const first = await search('quartz');
      expect(first.pages).toBe(20);
      expect(first.products).toHaveLength(12);
      expect((await search('quartz', { pageNumber: '20' })).products).toHaveLength(12);
      expect((await search('quartz', { pageNumber: '21' })).products).toEqual([]);
      // Newest first among equals: the last one added is in, the first one is not.
      const all = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          search('quartz', { pageNumber: String(index + 1) }),
        ),
      );
      const found = all.flatMap((page) => page.products.map((product) => product.name));
      expect(found).toContain('Bulk Quartz Charm 249');
      expect(found).not.toContain('Bulk Quartz Charm 0');
      // The start of the word finds the same twenty pages of the same products.
      const started = await search('quar');
      expect(started.pages).toBe(20);
      expect(started.products).toEqual(first.products);
    });
  });
});
