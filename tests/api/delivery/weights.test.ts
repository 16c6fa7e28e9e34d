import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { adminProductSchema, type AdminProduct } from '../../../src/shared/catalog/catalog-admin';
import { productDetailSchema, productPageSchema } from '../../../src/shared/catalog/catalog';
import { deliveryAnswerSchema } from '../../../src/shared/delivery/delivery';
import { DEMO_DELIVERY_SERVICES } from '../../../src/shared/delivery/delivery-settings';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

/** A jumper sold in two sizes: the large one heavier than the product, the small one as it. */
const JUMPER = {
  name: 'Aran Cable Jumper',
  price: 40,
  image: '/uploads/aran.webp',
  brand: 'Heathfold',
  category: 'jumpers',
  countInStock: 0,
  weightGrams: 450,
  description: 'A traditional Aran in undyed wool.',
  options: [{ name: 'Size', values: ['S', 'L'] }],
  variants: [
    { options: { Size: 'S' }, sku: 'ARAN-S', price: 40, countInStock: 3, weightGrams: 0 },
    { options: { Size: 'L' }, sku: 'ARAN-L', price: 40, countInStock: 2, weightGrams: 600 },
  ],
};

describe.each(testDialects())('product weights on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    shop = await startTestShop(dialect, {}, { deliveryServices: DEMO_DELIVERY_SERVICES });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
    staff = await addUser(shop, { role: 'staff' });
  });
  afterAll(() => shop.close());

  let made = 0;

  /** A draft saved as `body` by the owner, its SKUs made its own. */
  async function aSavedProduct(body: typeof JUMPER = JUMPER): Promise<AdminProduct> {
    made += 1;
    const created = await call('POST', '/api/products', admin.token);
    expect(created.statusCode, created.body).toBe(201);
    const { _id } = adminProductSchema.parse(created.json());
    const saved = await call('PUT', `/api/products/${_id}`, admin.token, {
      ...body,
      variants: body.variants.map((variant) => ({ ...variant, sku: `${variant.sku}-${made}` })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return adminProductSchema.parse(saved.json());
  }

  const adminView = async (id: string) =>
    adminProductSchema.parse((await call('GET', `/api/admin/products/${id}`, admin.token)).json());

  /** Each weight an answer gives: the product's, then its variants' by size. */
  const weightsOf = (product: { weightGrams: number; variants: AdminProduct['variants'] }) => ({
    product: product.weightGrams,
    variants: Object.fromEntries(
      product.variants.map((each): [string, number] => [each.options.Size ?? '', each.weightGrams]),
    ),
  });

  it('saves a product’s and each variant’s weight, answers them everywhere a product is, and audits the change', async () => {
    const saved = await aSavedProduct();
    const weights = { product: 450, variants: { S: 0, L: 600 } };
    expect(weightsOf(saved)).toEqual(weights);
    expect(weightsOf(await adminView(saved._id))).toEqual(weights);
    const detail = productDetailSchema.parse(
      (await call('GET', `/api/products/${saved._id}`)).json(),
    );
    expect(weightsOf(detail)).toEqual(weights);
    const listed = productPageSchema
      .parse((await call('GET', '/api/products?keyword=aran')).json())
      .products.find((product) => product._id === saved._id);
    expect(listed && weightsOf(listed)).toEqual(weights);
    const inList = (await call('GET', `/api/admin/products?q=aran`, admin.token)).json<{
      products: AdminProduct[];
    }>();
    const adminListed = inList.products.find((product) => product._id === saved._id);
    expect(adminListed && weightsOf(adminListed)).toEqual(weights);

    const heavier = await call('PUT', `/api/products/${saved._id}`, admin.token, {
      ...JUMPER,
      weightGrams: 500,
      variants: saved.variants.map(({ _id, options, sku, price, countInStock }) => ({
        _id,
        options,
        sku,
        price,
        countInStock,
        weightGrams: options.Size === 'S' ? 420 : 600,
      })),
    });
    expect(heavier.statusCode, heavier.body).toBe(200);
    const entries = auditPageSchema.parse(
      (await call('GET', `/api/audit?q=${saved._id}&action=product.updated`, admin.token)).json(),
    ).entries;
    const [latest] = entries;
    expect(latest?.before).toMatchObject({ weightGrams: 450 });
    expect(latest?.after).toMatchObject({ weightGrams: 500 });
    const variantWeights = (side: unknown) =>
      (side as { variants: { label: string; weightGrams: number }[] }).variants.map(
        ({ label, weightGrams }) => [label, weightGrams],
      );
    expect(variantWeights(latest?.before)).toEqual([
      ['Size: L', 600],
      ['Size: S', 0],
    ]);
    expect(variantWeights(latest?.after)).toEqual([
      ['Size: L', 600],
      ['Size: S', 420],
    ]);
  });

  it('keeps the weights a save leaves out: the product’s, and each kept variant’s; a new one weighs as its product', async () => {
    const saved = await aSavedProduct();
    const withoutWeight: Partial<typeof JUMPER> = { ...JUMPER };
    delete withoutWeight.weightGrams;
    const again = await call('PUT', `/api/products/${saved._id}`, admin.token, {
      ...withoutWeight,
      options: [{ name: 'Size', values: ['S', 'L', 'XL'] }],
      variants: [
        ...saved.variants.map(({ _id, options, sku, price, countInStock }) => ({
          _id,
          options,
          sku,
          price,
          countInStock,
        })),
        { options: { Size: 'XL' }, sku: `ARAN-XL-${made}`, price: 40, countInStock: 1 },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(weightsOf(adminProductSchema.parse(again.json()))).toEqual({
      product: 450,
      variants: { S: 0, L: 600, XL: 0 },
    });
  });

  it.each([
    [{ weightGrams: -1 }, 'weightGrams', 'The weight cannot be negative'],
    [{ weightGrams: 30_001 }, 'weightGrams', 'The weight can be at most 30000 grams (30 kg)'],
    [{ weightGrams: 2.5 }, 'weightGrams', 'The weight must be a whole number of grams'],
    [{ weightGrams: '450' }, 'weightGrams', 'The weight must be a number of grams'],
    [
      {
        variants: [JUMPER.variants[0], { ...JUMPER.variants[1], weightGrams: 40_000 }],
      },
      'variants.1.weightGrams',
      'The weight can be at most 30000 grams (30 kg)',
    ],
    [
      { variants: [{ ...JUMPER.variants[0], weightGrams: null }, JUMPER.variants[1]] },
      'variants.0.weightGrams',
      'The weight must be a number of grams',
    ],
  ] as [object, string, string][])(
    'refuses %j with 400 at its path, changing nothing',
    async (change, path, message) => {
      const saved = await aSavedProduct();
      const before = await adminView(saved._id);
      const refused = await call('PUT', `/api/products/${saved._id}`, admin.token, {
        ...JUMPER,
        ...change,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        errors: [{ path, message }],
      });
      expect(await adminView(saved._id)).toEqual(before);
    },
  );

  it('lets staff save the weights as they are, and refuses them a new one', async () => {
    const saved = await aSavedProduct();
    const asLoaded = {
      ...JUMPER,
      variants: saved.variants.map(({ _id, options, sku, price, countInStock, weightGrams }) => ({
        _id,
        options,
        sku,
        price,
        countInStock: countInStock + 1,
        weightGrams,
      })),
    };
    const kept = await call('PUT', `/api/products/${saved._id}`, staff.token, asLoaded);
    expect(kept.statusCode, kept.body).toBe(200);
    const before = await adminView(saved._id);
    const refused = await call('PUT', `/api/products/${saved._id}`, staff.token, {
      ...asLoaded,
      weightGrams: 300,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Staff can change a product’s stock, and nothing else',
    });
    expect(await adminView(saved._id)).toEqual(before);
  });

  describe('the delivery services a basket may use', () => {
    async function settings(): Promise<Settings> {
      return settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    }

    /** Tracked 48 limited to a kilogram. */
    async function limitTracked48(grams: number | null) {
      const now = await settings();
      const saved = await call('PUT', '/api/settings', admin.token, {
        ...now,
        delivery: {
          services: now.delivery.services.map((service) =>
            service.id === 'tracked-48' ? { ...service, maxWeightGrams: grams } : service,
          ),
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const offered = async (items: string) => {
      const answer = await call('GET', `/api/delivery?items=${items}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return deliveryAnswerSchema.parse(answer.json()).services.map((service) => service.id);
    };

    it('leaves out a service whose weight limit the basket is over, counting each variant’s weight or its product’s', async () => {
      const jumper = await aSavedProduct({
        ...JUMPER,
        price: 10,
        countInStock: 9,
        options: [],
        variants: [],
      });
      const sized = await aSavedProduct({
        ...JUMPER,
        variants: JUMPER.variants.map((variant) => ({ ...variant, price: 10 })),
      });
      const [small, large] = sized.variants;
      if (!small || !large) throw new Error('the jumper has two sizes');
      const every = await offered(`${jumper._id}:1`);
      expect(every).toContain('tracked-48');
      const withoutTracked48 = every.filter((id) => id !== 'tracked-48');

      await limitTracked48(1000);
      // 2 × 450 g: 900 g.
      expect(await offered(`${jumper._id}:2`)).toEqual(every);
      // 3 × 450 g: 1350 g.
      expect(await offered(`${jumper._id}:3`)).toEqual(withoutTracked48);
      // The small size weighs as its product: 2 × 450 g.
      expect(await offered(`${sized._id}:${small._id}:2`)).toEqual(every);
      // The large has its own weight: 2 × 600 g.
      expect(await offered(`${sized._id}:${large._id}:2`)).toEqual(withoutTracked48);
      // 450 g and 600 g: exactly at a limit of 1050 g, a gram over one of 1049 g.
      await limitTracked48(1050);
      expect(await offered(`${jumper._id}:1,${sized._id}:${large._id}:1`)).toEqual(every);
      await limitTracked48(1049);
      expect(await offered(`${jumper._id}:1,${sized._id}:${large._id}:1`)).toEqual(
        withoutTracked48,
      );
      await limitTracked48(null);
      expect(await offered(`${jumper._id}:3`)).toEqual(every);
    });
  });
});
