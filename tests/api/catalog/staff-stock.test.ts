import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../src/shared/audit/audit';
import { adminProductSchema, type AdminProduct } from '../../../src/shared/catalog/catalog-admin';
import { wishlistSchema } from '../../../src/shared/wishlist/wishlist';
import { addUser, bearer, type TestUser } from '../../support/account-fixtures';
import { addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

type Method = 'GET' | 'PUT';

describe.each(testDialects())("staff's product saves on %s", (dialect) => {
  let shop: TestShop;
  let customer: TestUser;
  let staff: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    customer = await addUser(shop, { name: 'Wren Wisher' });
    staff = await addUser(shop, { role: 'staff', name: 'Sam Packer' });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => shop.close());

  const send = (method: Method, url: string, token: string, payload?: unknown) =>
    shop.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /**
   * A tee in S, M and L (ten of each; XL offered but not made), with the customer keeping M on
   * their wishlist: what a staff save must not lose.
   */
  async function aKeptTee() {
    const tag = `${Date.now()}${Math.round(Math.random() * 1000)}`;
    const { product } = await addProductWithVariants(
      shop.database,
      [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
      ['S', 'M', 'L'].map((size) => ({
        options: { Size: size },
        sku: `TEE-${tag}-${size}`,
        pricePence: 3200,
        countInStock: 10,
      })),
      { name: 'Harbour Tee', category: 't-shirts', pricePence: 3200 },
    );
    const loaded = adminProductSchema.parse(
      (await send('GET', `/api/admin/products/${product.id}`, staff.token)).json(),
    );
    const [, medium] = loaded.variants;
    const kept = await send(
      'PUT',
      `/api/users/profile/wishlist/${product.id}?variant=${medium?._id ?? ''}`,
      customer.token,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    return loaded;
  }

  /** A save's body: the product as the back office loaded it. */
  const bodyOf = (product: AdminProduct) => ({
    name: product.name,
    price: product.price,
    image: product.image,
    brand: product.brand,
    category: product.category,
    countInStock: product.countInStock,
    description: product.description,
    options: product.options,
    variants: product.variants.map(({ _id, options, sku, price, countInStock }) => ({
      _id,
      options,
      sku,
      price,
      countInStock,
    })),
  });

  /** A variant as a body that leaves its id out sends it. */
  const withoutId = ({
    options,
    sku,
    price,
    countInStock,
  }: Pick<AdminProduct['variants'][number], 'options' | 'sku' | 'price' | 'countInStock'>) => ({
    options,
    sku,
    price,
    countInStock,
  });

  const adminView = async (id: string) =>
    adminProductSchema.parse((await send('GET', `/api/admin/products/${id}`, admin.token)).json());

  const wishlist = async () =>
    wishlistSchema
      .parse((await send('GET', '/api/users/profile/wishlist', customer.token)).json())
      .map((item) => [item.product, item.variant, item.variantLabel]);

  const entriesAbout = async (id: string) =>
    auditPageSchema.parse(
      (await send('GET', `/api/audit?q=${id}&action=product.updated`, admin.token)).json(),
    ).entries;

  it('refuses staff a save that drops, adds, remakes or renumbers a variant, changing nothing', async () => {
    const tee = await aKeptTee();
    const body = bodyOf(tee);
    const [small, medium, large] = body.variants;
    if (!small || !medium || !large) throw new Error('the tee has three sizes');
    const cases: [string, object[]][] = [
      ['no ids', body.variants.map(withoutId)],
      ['two ids swapped', [{ ...small, _id: medium._id }, { ...medium, _id: small._id }, large]],
      ['a variant dropped', [small, medium]],
      [
        'a variant added',
        [
          small,
          medium,
          large,
          {
            options: { Size: 'XL' },
            sku: `${large.sku}X`,
            price: 32,
            countInStock: 4,
          },
        ],
      ],
      ['the same variants in another order', [medium, small, large]],
    ];
    for (const [what, variants] of cases) {
      const response = await send('PUT', `/api/products/${tee._id}`, staff.token, {
        ...body,
        variants,
      });
      expect(response.statusCode, what).toBe(403);
      expect(response.json(), what).toEqual({
        code: 'FORBIDDEN',
        message:
          'Staff can change a variant’s stock, but cannot add, remove or remake variants: open the product again and change only its stock',
      });
    }
    const repriced = await send('PUT', `/api/products/${tee._id}`, staff.token, {
      ...body,
      variants: [small, { ...medium, price: 29 }, large],
    });
    expect(repriced.statusCode).toBe(403);
    expect(repriced.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'Staff can change a product’s stock, and nothing else',
    });

    expect(await adminView(tee._id)).toEqual(tee);
    expect(await wishlist()).toContainEqual([tee._id, medium._id, 'Size: M']);
    expect(await entriesAbout(tee._id)).toEqual([]);
  });

  it("lets staff change a variant's stock, audited with the variant it changed", async () => {
    const tee = await aKeptTee();
    const body = bodyOf(tee);
    const [small, medium, large] = body.variants;
    if (!small || !medium || !large) throw new Error('the tee has three sizes');
    const saved = await send('PUT', `/api/products/${tee._id}`, staff.token, {
      ...body,
      variants: [small, { ...medium, countInStock: 4 }, large],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await adminView(tee._id);
    expect(after.variants.map((variant) => [variant._id, variant.countInStock])).toEqual([
      [small._id, 10],
      [medium._id, 4],
      [large._id, 10],
    ]);
    expect(after.countInStock).toBe(24);
    expect(await wishlist()).toContainEqual([tee._id, medium._id, 'Size: M']);

    const [entry, ...more] = await entriesAbout(tee._id);
    expect(more).toEqual([]);
    const variant = (countInStock: number) => ({
      _id: medium._id,
      sku: medium.sku,
      label: 'Size: M',
      options: { Size: 'M' },
      price: 32,
      compareAtPrice: null,
      countInStock,
      weightGrams: 0,
      image: null,
      madeToOrder: null,
    });
    expect(entry).toMatchObject({
      actor: { _id: staff.id, name: 'Sam Packer' },
      target: { type: 'product', id: tee._id, label: 'Harbour Tee' },
      before: { countInStock: 30 },
      after: { countInStock: 24 },
    });
    expect(entry?.before?.variants).toContainEqual(variant(10));
    expect(entry?.after?.variants).toContainEqual(variant(4));
  });

  it('still lets the owner make the variants anew, and audits it', async () => {
    const tee = await aKeptTee();
    const body = bodyOf(tee);
    const saved = await send('PUT', `/api/products/${tee._id}`, admin.token, {
      ...body,
      variants: body.variants.map(withoutId),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await adminView(tee._id);
    expect(after.variants.map((variant) => variant.sku)).toEqual(
      tee.variants.map((variant) => variant.sku),
    );
    const oldIds = tee.variants.map((variant) => variant._id);
    expect(after.variants.some((variant) => oldIds.includes(variant._id))).toBe(false);
    const [entry] = await entriesAbout(tee._id);
    expect(entry?.actor.name).toBe('Ada Admin');
    expect(entry?.before?.variants).toContainEqual(
      expect.objectContaining({ _id: tee.variants[1]?._id, label: 'Size: M' }),
    );
    expect(entry?.after?.variants).toContainEqual(
      expect.objectContaining({ _id: after.variants[1]?._id, label: 'Size: M' }),
    );
  });
});
