import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replacePriceHistory } from '../../../src/server/catalog/price-history.repository';
import {
  adminProductSchema,
  priceHistorySchema,
  type AdminProduct,
} from '../../../src/shared/catalog/catalog-admin';
import { productDetailSchema, productPageSchema } from '../../../src/shared/catalog/catalog';
import { PRODUCT_EXPORT_COLUMNS } from '../../../src/shared/exports/exports';
import { monthsBefore } from '../../../src/shared/catalog/was-prices';
import { addUser, apiCaller, bearer, signIn, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const DAY = 24 * 60 * 60 * 1000;
/** Where the shop's clock starts: each test moves it on from where the last left it. */
const START = new Date('2026-03-02T09:00:00.000Z');

const SCARF = {
  name: 'Tartan Scarf',
  image: '/uploads/scarf.webp',
  brand: 'Heathfold Knitwear',
  category: 'accessories',
  countInStock: 6,
  description: 'A lambswool scarf in a muted tartan.',
};

const unfounded = (was: string, whose = "this item's price") =>
  `${was} was not ${whose} for 28 days in a row in the last 6 months, so it cannot be shown as a was price`;

describe.each(testDialects())('sale prices with founded was prices on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  /** The shop's clock: it stands still until a test moves it. */
  let now = START.getTime();

  /** Moves the shop's clock on; everyone signs in again, as a session lasts days, not weeks. */
  const daysLater = async (days: number) => {
    now += days * DAY;
    vi.setSystemTime(now);
    for (const user of [admin, staff, customer]) {
      user.token = await signIn(shop, user.email, user.password);
    }
  };
  const iso = (time: number) => new Date(time).toISOString();

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Staff' });
    customer = await addUser(shop);
  });
  afterAll(async () => {
    await shop.close();
    vi.useRealTimers();
  });

  const call = apiCaller(() => shop);
  const save = (id: string, body: object, token = admin.token) =>
    call('PUT', `/api/products/${id}`, token, body);
  const adminProduct = async (id: string): Promise<AdminProduct> =>
    adminProductSchema.parse((await call('GET', `/api/admin/products/${id}`, admin.token)).json());
  const historyOf = async (id: string, variant?: string) => {
    const query = variant === undefined ? '' : `?variant=${variant}`;
    const response = await call('GET', `/api/products/${id}/price-history${query}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    return priceHistorySchema.parse(response.json()).periods;
  };
  const sale = (product: AdminProduct) => ({ price: product.price, was: product.compareAtPrice });

  /** A scarf sold one way at `pence` from now. */
  const aScarf = async (pence: number) => {
    const product = await addProduct(shop.database, {
      ...SCARF,
      name: `Tartan Scarf ${now}`,
      pricePence: pence,
      createdAt: iso(now),
    });
    return { id: product.id, createdAt: iso(now) };
  };

  describe('a was price', () => {
    it('is kept once the item sold at it for 28 days in a row, and shown wherever it is listed', async () => {
      const { id, createdAt } = await aScarf(8000);
      await daysLater(28);
      const reducedAt = iso(now);
      const saved = await save(id, {
        ...SCARF,
        name: 'Founded Scarf',
        price: 60,
        compareAtPrice: 80,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(sale(adminProductSchema.parse(saved.json()))).toEqual({ price: 60, was: 80 });

      const detail = productDetailSchema.parse((await call('GET', `/api/products/${id}`)).json());
      expect({ price: detail.price, was: detail.compareAtPrice }).toEqual({ price: 60, was: 80 });
      const listed = productPageSchema.parse((await call('GET', '/api/products')).json());
      const card = listed.products.find((product) => product._id === id);
      expect(card && { price: card.price, was: card.compareAtPrice }).toEqual({
        price: 60,
        was: 80,
      });
      const found = productPageSchema.parse(
        (await call('GET', '/api/products?keyword=founded')).json(),
      );
      expect(found.products.map((product) => [product._id, product.compareAtPrice])).toEqual([
        [id, 80],
      ]);

      expect(await historyOf(id)).toEqual([
        { price: 80, from: createdAt, to: reducedAt },
        { price: 60, from: reducedAt, to: null },
      ]);
      const entry = await shop.database.db
        .selectFrom('audit_entries')
        .select(['before', 'after'])
        .where('target_id', '=', id)
        .where('action', '=', 'product.updated')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.before ?? '{}')).toMatchObject({ price: 80, compareAtPrice: null });
      expect(JSON.parse(entry.after ?? '{}')).toMatchObject({ price: 60, compareAtPrice: 80 });
    });

    it('is refused after 27 days at that price, changing nothing', async () => {
      const { id, createdAt } = await aScarf(8000);
      await daysLater(27);
      const before = await adminProduct(id);
      const refused = await save(id, { ...SCARF, price: 60, compareAtPrice: 80 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'WAS_PRICE_UNFOUNDED',
        message: unfounded('£80.00'),
        errors: [{ path: 'compareAtPrice', message: unfounded('£80.00') }],
      });
      expect(await adminProduct(id)).toEqual(before);
      expect(await historyOf(id)).toEqual([{ price: 80, from: createdAt, to: null }]);
    });

    it('is refused when two 14-day stretches at it have another price between them', async () => {
      const { id } = await aScarf(8000);
      await daysLater(14);
      expect((await save(id, { ...SCARF, price: 70 })).statusCode).toBe(200);
      await daysLater(1);
      expect((await save(id, { ...SCARF, price: 80 })).statusCode).toBe(200);
      await daysLater(14);
      const refused = await save(id, { ...SCARF, price: 60, compareAtPrice: 80 });
      expect(refused.json()).toMatchObject({ code: 'WAS_PRICE_UNFOUNDED' });
      expect(refused.statusCode).toBe(400);
      expect(sale(await adminProduct(id))).toEqual({ price: 80, was: null });
      // A day more at £80 makes 15 in a row, still short.
      await daysLater(1);
      expect((await save(id, { ...SCARF, price: 60, compareAtPrice: 80 })).statusCode).toBe(400);
    });

    it('counts only the days within the last 6 months', async () => {
      const { id } = await aScarf(5000);
      const sixMonthsAgo = monthsBefore(new Date(now), 6).getTime();
      // £80 for 80 days, the last 20 of them within the 6 months; £50 since.
      const history = (daysWithin: number) => [
        {
          pricePence: 8000,
          from: iso(sixMonthsAgo - 60 * DAY),
          to: iso(sixMonthsAgo + daysWithin * DAY),
        },
        { pricePence: 5000, from: iso(sixMonthsAgo + daysWithin * DAY), to: null },
      ];
      await replacePriceHistory(shop.database.db, { productId: id, variantId: null }, history(20));
      const refused = await save(id, { ...SCARF, price: 45, compareAtPrice: 80 });
      expect(refused.json()).toMatchObject({ code: 'WAS_PRICE_UNFOUNDED' });
      expect(sale(await adminProduct(id))).toEqual({ price: 50, was: null });
      await replacePriceHistory(shop.database.db, { productId: id, variantId: null }, history(28));
      const saved = await save(id, { ...SCARF, price: 45, compareAtPrice: 80 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(sale(await adminProduct(id))).toEqual({ price: 45, was: 80 });
    });

    it('stays while the price moves below it, and ends once the price reaches it', async () => {
      const { id } = await aScarf(9000);
      await daysLater(30);
      expect((await save(id, { ...SCARF, price: 70, compareAtPrice: 90 })).statusCode).toBe(200);
      await daysLater(1);
      // Left out, it is kept while still above the price.
      expect((await save(id, { ...SCARF, price: 75 })).statusCode).toBe(200);
      expect(sale(await adminProduct(id))).toEqual({ price: 75, was: 90 });
      // Sent as it is, it stays.
      expect((await save(id, { ...SCARF, price: 72, compareAtPrice: 90 })).statusCode).toBe(200);
      await daysLater(1);
      expect((await save(id, { ...SCARF, price: 90 })).statusCode).toBe(200);
      expect(sale(await adminProduct(id))).toEqual({ price: 90, was: null });
      await daysLater(1);
      expect((await save(id, { ...SCARF, price: 70, compareAtPrice: 90 })).statusCode).toBe(200);
      expect((await save(id, { ...SCARF, price: 70, compareAtPrice: null })).statusCode).toBe(200);
      expect(sale(await adminProduct(id))).toEqual({ price: 70, was: null });
    });

    it.each([
      [{ compareAtPrice: '80' }, 'compareAtPrice', 'The was price must be a number'],
      [{ compareAtPrice: -5 }, 'compareAtPrice', 'The was price must be more than £0.00'],
      [{ compareAtPrice: 0 }, 'compareAtPrice', 'The was price must be more than £0.00'],
      [{ compareAtPrice: 80.005 }, 'compareAtPrice', 'The was price can have at most two decimals'],
      [
        { compareAtPrice: 60 },
        'compareAtPrice',
        'The was price must be more than the price (£60.00)',
      ],
      [
        { compareAtPrice: 59.99 },
        'compareAtPrice',
        'The was price must be more than the price (£60.00)',
      ],
    ])('refuses %j with 400, changing nothing', async (fields, path, message) => {
      const { id, createdAt } = await aScarf(8000);
      await daysLater(40);
      const before = await adminProduct(id);
      const refused = await save(id, { ...SCARF, price: 60, ...fields });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        errors: [{ path, message }],
      });
      expect(await adminProduct(id)).toEqual(before);
      expect(await historyOf(id)).toEqual([{ price: 80, from: createdAt, to: null }]);
    });

    it('may not be changed by staff, who change stock only', async () => {
      const { id } = await aScarf(8000);
      await daysLater(30);
      const before = await adminProduct(id);
      const refused = await save(
        id,
        { ...SCARF, price: 80, compareAtPrice: 100, countInStock: 5 },
        staff.token,
      );
      expect(refused.statusCode).toBe(403);
      expect(await adminProduct(id)).toEqual(before);
    });
  });

  describe('a variant’s was price', () => {
    const SIZES = [{ name: 'Size', values: ['S', 'M', 'L'] }];
    const TEE = { ...SCARF, name: 'Sale Tee', category: 't-shirts', options: SIZES };

    async function aTee() {
      const { product, variantIds } = await addProductWithVariants(
        shop.database,
        SIZES.map((group) => ({ ...group, values: ['S', 'M'] })),
        [
          { options: { Size: 'S' }, pricePence: 4000, countInStock: 3 },
          { options: { Size: 'M' }, pricePence: 4000, countInStock: 2 },
        ],
        {
          ...SCARF,
          name: `Sale Tee ${now}`,
          category: 't-shirts',
          pricePence: 4000,
          createdAt: iso(now),
        },
      );
      const [small = '', medium = ''] = variantIds;
      const variants = (await adminProduct(product.id)).variants;
      return { id: product.id, small, medium, skus: variants.map((variant) => variant.sku) };
    }

    it('is judged by the variant’s own history; the product shows its cheapest variants’', async () => {
      const madeAt = iso(now);
      const tee = await aTee();
      await daysLater(30);
      const reducedAt = iso(now);
      const saved = await save(tee.id, {
        ...TEE,
        price: 30,
        variants: [
          {
            _id: tee.small,
            options: { Size: 'S' },
            sku: tee.skus[0],
            price: 30,
            compareAtPrice: 40,
            countInStock: 3,
          },
          { _id: tee.medium, options: { Size: 'M' }, sku: tee.skus[1], price: 40, countInStock: 2 },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const product = adminProductSchema.parse(saved.json());
      expect({
        ...sale(product),
        variants: product.variants.map((variant) => [
          variant._id,
          variant.price,
          variant.compareAtPrice,
        ]),
      }).toEqual({
        price: 30,
        was: 40,
        variants: [
          [tee.small, 30, 40],
          [tee.medium, 40, null],
        ],
      });
      expect(await historyOf(tee.id, tee.small)).toEqual([
        { price: 40, from: madeAt, to: reducedAt },
        { price: 30, from: reducedAt, to: null },
      ]);
      expect(await historyOf(tee.id, tee.medium)).toEqual([{ price: 40, from: madeAt, to: null }]);
      expect(await historyOf(tee.id)).toEqual([
        { price: 40, from: madeAt, to: reducedAt },
        { price: 30, from: reducedAt, to: null },
      ]);
    });

    it('is refused for a variant that has not sold at it, or a new one, by its field', async () => {
      const tee = await aTee();
      await daysLater(10);
      const before = await adminProduct(tee.id);
      const refused = await save(tee.id, {
        ...TEE,
        price: 30,
        variants: [
          {
            _id: tee.small,
            options: { Size: 'S' },
            sku: tee.skus[0],
            price: 30,
            compareAtPrice: 40,
            countInStock: 3,
          },
          { _id: tee.medium, options: { Size: 'M' }, sku: tee.skus[1], price: 40, countInStock: 2 },
          {
            options: { Size: 'L' },
            sku: `${tee.skus[1]}-L`,
            price: 30,
            compareAtPrice: 45,
            countInStock: 1,
          },
        ],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'WAS_PRICE_UNFOUNDED',
        message: unfounded('£40.00', 'the price of Size: S'),
        errors: [
          {
            path: 'variants.0.compareAtPrice',
            message: unfounded('£40.00', 'the price of Size: S'),
          },
          {
            path: 'variants.2.compareAtPrice',
            message: unfounded('£45.00', 'the price of Size: L'),
          },
        ],
      });
      expect(await adminProduct(tee.id)).toEqual(before);
    });

    it('must be above the variant’s price', async () => {
      const tee = await aTee();
      await daysLater(30);
      const before = await adminProduct(tee.id);
      const refused = await save(tee.id, {
        ...TEE,
        price: 40,
        variants: [
          { _id: tee.small, options: { Size: 'S' }, sku: tee.skus[0], price: 40, countInStock: 3 },
          {
            _id: tee.medium,
            options: { Size: 'M' },
            sku: tee.skus[1],
            price: 40,
            compareAtPrice: 40,
            countInStock: 2,
          },
        ],
      });
      expect(refused.statusCode).toBe(400);
      const message = 'The was price must be more than the price (£40.00)';
      expect(refused.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        errors: [{ path: 'variants.1.compareAtPrice', message }],
      });
      expect(await adminProduct(tee.id)).toEqual(before);
    });
  });

  describe('the price history', () => {
    it('is for admins only: 401 for a guest, 403 for a customer or staff', async () => {
      const { id } = await aScarf(3000);
      const url = `/api/products/${id}/price-history`;
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, customer.token)).statusCode).toBe(403);
      expect((await call('GET', url, staff.token)).statusCode).toBe(403);
      expect((await call('GET', url, admin.token)).statusCode).toBe(200);
    });

    it('answers 404 for a product or variant the shop does not have', async () => {
      const { id } = await aScarf(3000);
      const other = await addProductWithVariants(
        shop.database,
        [{ name: 'Size', values: ['S'] }],
        [{ options: { Size: 'S' }, countInStock: 1 }],
      );
      const unknownProduct = await call('GET', '/api/products/nothing/price-history', admin.token);
      expect(unknownProduct.statusCode).toBe(404);
      expect(unknownProduct.json()).toEqual({
        code: 'PRODUCT_NOT_FOUND',
        message: 'Product not found',
      });
      for (const variant of ['nothing', other.variantIds[0]]) {
        const response = await call(
          'GET',
          `/api/products/${id}/price-history?variant=${variant}`,
          admin.token,
        );
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          code: 'VARIANT_NOT_FOUND',
          message: 'That variant is not one of this product’s',
        });
      }
    });

    it('is opened when a draft is made, and moves with every price saved', async () => {
      const draftAt = iso(now);
      const created = await call('POST', '/api/products', admin.token);
      const id = adminProductSchema.parse(created.json())._id;
      await daysLater(1);
      const listedAt = iso(now);
      expect((await save(id, { ...SCARF, price: 25 })).statusCode).toBe(200);
      await daysLater(1);
      expect((await save(id, { ...SCARF, price: 25, description: 'Soft.' })).statusCode).toBe(200);
      expect(await historyOf(id)).toEqual([
        { price: 0, from: draftAt, to: listedAt },
        { price: 25, from: listedAt, to: null },
      ]);
    });
  });

  describe('the price list', () => {
    const sendPriceList = (rows: (string | number)[][], dryRun = false) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/imports/products?dryRun=${dryRun}`,
        headers: { ...bearer(admin.token), 'content-type': 'text/csv' },
        payload: stringify([[...PRODUCT_EXPORT_COLUMNS], ...rows], { record_delimiter: 'windows' }),
      });
    const row = (id: string, price: string, was: string) => [
      id,
      'Scarf',
      'Heathfold Knitwear',
      'accessories',
      '',
      '',
      price,
      was,
      '6',
      '6',
      // Metal, stone, colour, material: a scarf has no metal, nor a stone, colour or material yet;
      // nor is it engraved.
      '',
      '',
      '',
      '',
      '',
    ];

    it('exports each was price, and sets one that is founded, moving the history', async () => {
      const { id, createdAt } = await aScarf(7000);
      await daysLater(35);
      const reducedAt = iso(now);
      const applied = await sendPriceList([row(id, '55.00', '70.00')]);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toMatchObject({
        applied: true,
        changes: [
          { row: 2, product: id, field: 'price', from: 70, to: 55 },
          { row: 2, product: id, field: 'compareAtPrice', from: null, to: 70 },
        ],
        refusals: [],
      });
      expect(sale(await adminProduct(id))).toEqual({ price: 55, was: 70 });
      expect(await historyOf(id)).toEqual([
        { price: 70, from: createdAt, to: reducedAt },
        { price: 55, from: reducedAt, to: null },
      ]);
      const exported = await call('GET', '/api/exports/products.csv', admin.token);
      const rows = parse<Record<string, string>>(exported.body, { bom: true, columns: true });
      expect(rows.find((each) => each.product === id)).toEqual({
        product: id,
        name: (await adminProduct(id)).name,
        brand: SCARF.brand,
        category: SCARF.category,
        sku: '',
        options: '',
        price: '55.00',
        compare_at_price: '70.00',
        stock: '6',
        exported_stock: '6',
        metal: '',
        stone: '',
        colour: '',
        material: '',
        personalisation: '',
      });
    });

    it('refuses a was price the item did not sell at for 28 days, changing nothing', async () => {
      const { id, createdAt } = await aScarf(7000);
      await daysLater(20);
      const before = await adminProduct(id);
      const refused = await sendPriceList([row(id, '55.00', '70.00')]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'IMPORT_REFUSED',
        refusals: [
          {
            row: 2,
            code: 'WAS_PRICE_UNFOUNDED',
            message: unfounded('£70.00', `the price of ${before.name}`),
          },
        ],
      });
      expect(await adminProduct(id)).toEqual(before);
      expect(await historyOf(id)).toEqual([{ price: 70, from: createdAt, to: null }]);
      const notAbove = await sendPriceList([row(id, '55.00', '55.00')]);
      expect(notAbove.json()).toMatchObject({
        refusals: [
          { row: 2, message: 'The was price of Scarf must be more than its price (£55.00)' },
        ],
      });
    });
  });
});
