import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../../src/server/accounts/first-admin';
import { verifyPassword } from '../../../src/server/accounts/passwords';
import {
  DEMO_KNITWEAR_CODE,
  DEMO_VOUCHER_CODE,
  seedDemoCatalogue,
} from '../../../src/server/db/seed/demo-seed';
import { pricePeriodsOf } from '../../../src/server/catalog/price-history.repository';
import { inStartupLock } from '../../../src/server/db/startup-lock';
import { productPageSchema, type Product } from '../../../src/shared/catalog/catalog';
import { deskSchema } from '../../../src/shared/desk/desk';
import { isWasPriceFounded } from '../../../src/shared/catalog/was-prices';
import { CATEGORIES } from '../../../src/shared/catalog/shelves';
import { addUser, bearer } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const quietLog = { info: () => undefined, warn: () => undefined };

describe.each(testDialects())('a new shop on %s', (dialect) => {
  let shop: TestShop;
  let products: Product[];

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    // Two instances starting at once: only one of them may fill the catalogue or make the admin.
    const admin = { email: 'owner@example.com', password: 'owner-password' };
    const starting = [shop.database.patient(), shop.database.patient()];
    const added = await Promise.all(
      starting.map((database) =>
        inStartupLock(database, async (trx) => {
          const count = await seedDemoCatalogue(trx);
          await ensureFirstAdmin(
            trx,
            { admin, passwordHashCost: shop.config.passwordHashCost },
            quietLog,
          );
          return count;
        }),
      ),
    );
    for (const database of starting) await database.close();
    expect(added.sort()).toEqual([0, 47]);
    products = [];
    for (let page = 1; page <= 4; page += 1) {
      const response = await shop.request(`/api/products?pageNumber=${page}`);
      products.push(...productPageSchema.parse(await response.json()).products);
    }
  }, 120_000);
  afterAll(() => shop.close());

  it('has a demo catalogue across every category, once', () => {
    expect(products).toHaveLength(47);
    const count = (category: string) =>
      products.filter((product) => product.category === category).length;
    for (const category of CATEGORIES) {
      // The demo has two rings, one pair of earrings and one gift card; every other shelf holds
      // five or more.
      const fewest = ['rings', 'earrings', 'gift-cards'].includes(category) ? 1 : 5;
      expect(count(category), category).toBeGreaterThanOrEqual(fewest);
    }
    expect(new Set(products.map((product) => product.name)).size).toBe(47);
  });

  it('prices the goods between £8 and £180, with some sold out and some reviewed', () => {
    const prices = products
      .filter((product) => product.category !== 'gift-cards')
      .map((product) => product.price);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...prices)).toBeLessThanOrEqual(180);
    expect(products.filter((product) => product.countInStock === 0).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(products.filter((product) => product.numReviews > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('sells clothes by size, rings by ring size and jewellery by chain length', () => {
    const inCategory = (...categories: string[]) =>
      products.filter((product) => categories.includes(product.category));
    const groupsOf = (product: Product) =>
      product.options.map((group) => ({ name: group.name, values: group.values }));
    const priceOf = (product: Product, group: string, value: string) =>
      product.variants.find((variant) => variant.options[group] === value)?.price;

    const clothes = inCategory('t-shirts', 'jumpers');
    expect(clothes.length).toBeGreaterThanOrEqual(12);
    for (const product of clothes) {
      expect(groupsOf(product), product.name).toEqual([
        { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
      ]);
      expect(product.variants.map((variant) => variant.options.Size)).toEqual(
        product.options[0]?.values,
      );
      expect(new Set(product.variants.map((variant) => variant.price)).size, product.name).toBe(1);
    }
    // In stock, but not in every size: the shopper sees some sizes sold out.
    const soldOutSizes = (product: Product) =>
      product.variants.filter((variant) => variant.countInStock === 0).length;
    expect(
      clothes.filter((product) => product.countInStock > 0 && soldOutSizes(product) > 0).length,
    ).toBeGreaterThanOrEqual(2);
    expect(clothes.filter((product) => soldOutSizes(product) === 0).length).toBeGreaterThanOrEqual(
      2,
    );

    const ring = products.find((product) => product.name === 'Sterling Silver Solitaire Ring');
    expect(ring && groupsOf(ring)).toEqual([
      { name: 'Ring size', values: ['J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S'] },
    ]);
    expect(ring?.description).not.toMatch(/sizes? J to S/);
    // Its facets come with it, as the catalogue answers them.
    expect(ring?.facets).toEqual({
      metal: 'sterling silver',
      stone: 'sapphire',
      colour: 'silver',
      material: null,
    });
    expect(products.filter((product) => product.facets.metal !== null).length).toBeGreaterThan(15);

    // One pendant is engraved for its buyer: two lines of twelve letters, £8 and £1 a letter.
    const engraved = products.filter((product) => product.personalisation !== null);
    expect(engraved.map((product) => [product.name, product.personalisation])).toEqual([
      [
        'Engravable Disc Pendant',
        {
          label: 'Engraving',
          maxLength: 12,
          lines: 2,
          characters: 'letters',
          price: 8,
          pricePerCharacter: 1,
          required: false,
        },
      ],
    ]);

    const pendants = inCategory('pendants');
    expect(pendants.length).toBeGreaterThanOrEqual(6);
    for (const pendant of pendants) {
      expect(groupsOf(pendant), pendant.name).toEqual([
        { name: 'Chain length', values: ['45 cm', '55 cm', '70 cm'] },
      ]);
      const short = priceOf(pendant, 'Chain length', '55 cm') ?? Infinity;
      expect(priceOf(pendant, 'Chain length', '45 cm')).toBe(short);
      expect(priceOf(pendant, 'Chain length', '70 cm')).toBeGreaterThan(short);
    }

    for (const chain of inCategory('chains')) {
      expect(
        chain.options.map((group) => group.name),
        chain.name,
      ).toEqual(['Chain length']);
      const lengths = chain.options[0]?.values ?? [];
      expect(lengths.length).toBeGreaterThanOrEqual(2);
      expect(lengths.length).toBeLessThanOrEqual(3);
      for (const length of lengths) expect(length).toMatch(/^\d+ cm$/);
      // Longer chains cost more.
      const prices = lengths.map((length) => priceOf(chain, 'Chain length', length) ?? 0);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(prices).size).toBe(prices.length);
    }

    for (const hat of inCategory('hats')) {
      expect(hat.options, hat.name).toEqual([]);
      expect(hat.variants, hat.name).toEqual([]);
    }
  });

  it('describes jewellery by metal and hallmark, and prices each product from its variants', () => {
    const jewellery = products.filter(
      (product) =>
        ['pendants', 'chains', 'rings', 'earrings'].includes(product.category) ||
        product.name === 'Sterling Silver Bangle',
    );
    expect(jewellery.length).toBeGreaterThanOrEqual(15);
    for (const jewel of jewellery) {
      const labels = jewel.specifications.map((row) => row.label);
      expect(labels, jewel.name).toEqual(expect.arrayContaining(['Metal', 'Hallmark']));
      for (const row of jewel.specifications) expect(row.value.trim(), jewel.name).not.toBe('');
    }
    for (const product of products) {
      expect(product.description, product.name).not.toMatch(/order notes|on request/i);
    }

    const skus = products.flatMap((product) => product.variants.map((variant) => variant.sku));
    expect(skus.length).toBeGreaterThan(50);
    expect(new Set(skus.map((sku) => sku.toUpperCase())).size).toBe(skus.length);

    for (const product of products.filter((item) => item.variants.length > 0)) {
      const prices = product.variants.map((variant) => variant.price);
      const stock = product.variants.reduce((sum, variant) => sum + variant.countInStock, 0);
      expect(product.price, product.name).toBe(Math.min(...prices));
      expect(product.countInStock, product.name).toBe(stock);
    }
  });

  it("shows a new owner a handful running low on the desk, not half the shop's sizes", async () => {
    // Staff read the desk too; an admin more would be one more than the shop makes.
    const packer = await addUser(shop, { role: 'staff' });
    const response = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/desk',
      headers: bearer(packer.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { lowStock } = deskSchema.parse(response.json());
    const lines = lowStock.map(
      (line) => `${line.name} (${line.variantLabel ?? ''}): ${line.countInStock}`,
    );
    expect(lines.sort()).toEqual([
      'Aran Cable Jumper (Size: S): 3',
      'Blue Topaz Teardrop Pendant (Chain length: 70 cm): 2',
      'Breton Stripe Tee (Size: XL): 2',
      'Fisherman Cable Jumper (Size: XL): 1',
      'Heavy Silver Curb Chain (Chain length: 60 cm): 3',
      'Sterling Silver Solitaire Ring (Ring size: R): 2',
    ]);
  });

  it('has a few things on a sale whose was prices they really sold at, for weeks, lately', async () => {
    const onSale = products.filter((product) => product.compareAtPrice !== null);
    expect(
      onSale.map((product) => [product.name, product.compareAtPrice, product.price]).sort(),
    ).toEqual([
      ['Chunky Bobble Beanie', 35, 28],
      ['Lambswool Crew Neck', 80, 65],
      ['Lambswool Tartan Scarf', 60, 45],
    ]);
    const crew = onSale.find((product) => product.variants.length > 0);
    expect(crew?.variants.map((variant) => [variant.price, variant.compareAtPrice])).toEqual(
      Array.from({ length: 5 }, () => [65, 80]),
    );
    const now = new Date();
    for (const product of onSale) {
      const items = [null, ...product.variants.map((variant) => variant._id)];
      for (const variant of items) {
        const periods = await pricePeriodsOf(shop.database.db, product._id, variant);
        const [was, reduced] = periods;
        expect(periods).toEqual([
          { pricePence: (product.compareAtPrice ?? 0) * 100, from: was?.from, to: reduced?.from },
          { pricePence: product.price * 100, from: reduced?.from, to: null },
        ]);
        expect(isWasPriceFounded(periods, (product.compareAtPrice ?? 0) * 100, now)).toBe(true);
        // Sold at the was price for weeks, until a few days ago.
        const days = (from: string | undefined, to: string | null | undefined) =>
          (Date.parse(to ?? '') - Date.parse(from ?? '')) / (24 * 60 * 60 * 1000);
        expect(Math.round(days(was?.from, was?.to))).toBe(60);
        expect(Math.round(days(reduced?.from, now.toISOString()))).toBe(12);
      }
    }
  });

  it('gives each product its own picture, stored as WebP in three sizes', async () => {
    expect(new Set(products.map((product) => product.image)).size).toBe(47);
    const first = products[0]?.image ?? '';
    const pictureAt = async (address: string) => {
      const response = await shop.request(address);
      expect(response.status, address).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      return sharp(Buffer.from(await response.arrayBuffer())).metadata();
    };
    const [large, phone, grid] = await Promise.all([
      pictureAt(first),
      pictureAt(first.replace(/\.webp$/, '.md.webp')),
      pictureAt(first.replace(/\.webp$/, '.sm.webp')),
    ]);
    expect(large).toMatchObject({ format: 'webp', width: 1200, height: 1200 });
    expect(phone).toMatchObject({ format: 'webp', width: 800, height: 800 });
    expect(grid).toMatchObject({ format: 'webp', width: 480, height: 480 });
    // Every picture is in the database, none written to a folder of one instance.
    const stored = await shop.database.db
      .selectFrom('stored_images')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const pictures = products.flatMap((product) => product.images);
    expect(stored.count).toBe(3 * pictures.length);
  });

  it('gives a few products several pictures, each described, the first from the front', async () => {
    const galleries = products.filter((product) => product.images.length > 1);
    expect(galleries.length).toBeGreaterThanOrEqual(3);
    for (const product of galleries) {
      expect(product.images[0]?.url, product.name).toBe(product.image);
      expect(new Set(product.images.map((picture) => picture.url)).size).toBe(
        product.images.length,
      );
      for (const picture of product.images) {
        expect(picture.alt.length, picture.url).toBeGreaterThan(10);
        expect((await shop.request(picture.url)).status, picture.url).toBe(200);
      }
    }
    // The rest show their one picture, described by their name.
    const single = products.find((product) => product.images.length === 1);
    expect(single?.images).toEqual([{ url: single?.image, alt: single?.name }]);
  });

  it('makes exactly one first admin, with an argon2id password', async () => {
    const admins = await shop.database.db
      .selectFrom('users')
      .selectAll()
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]?.email).toBe('owner@example.com');
    expect(admins[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admins[0]?.password_hash ?? '', 'owner-password')).toBe(true);
  });

  it('offers two demo vouchers, once, that a signed-in shopper can look up', async () => {
    const customer = await addUser(shop);
    const response = await shop.app.inject({
      method: 'GET',
      url: `/api/vouchers/code/${DEMO_VOUCHER_CODE.toLowerCase()}`,
      headers: bearer(customer.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        name: 'Welcome',
        code: 'WELCOME5',
        discount: 5,
        minSpend: 20,
        oncePerCustomer: true,
      }),
    ]);
    const knitwear = await shop.app.inject({
      method: 'GET',
      url: `/api/vouchers/code/${DEMO_KNITWEAR_CODE}`,
      headers: bearer(customer.token),
    });
    expect(knitwear.json()).toEqual([
      expect.objectContaining({
        code: 'KNIT10',
        kind: 'percent',
        percent: 10,
        cap: 20,
        appliesTo: { categories: ['knitwear'], products: [] },
        stacks: true,
      }),
    ]);
    const vouchers = await shop.database.db.selectFrom('vouchers').select('code').execute();
    expect(vouchers.map((voucher) => voucher.code).sort()).toEqual(['KNIT10', 'WELCOME5']);
  });
});
