import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema, type AdminProduct } from '../../../src/shared/catalog/catalog-admin';
import { productDetailSchema, productPageSchema } from '../../../src/shared/catalog/catalog';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PRODUCT = {
  name: 'Moonstone Drop Pendant',
  price: 58,
  brand: 'Larkspur Studio',
  category: 'pendants',
  countInStock: 6,
  description: 'A moonstone cabochon on a fine trace chain.',
};

/** The `n`th of a product's pictures, described as an owner would. */
const picture = (n: number) => ({
  url: `/uploads/moonstone-${n}.webp`,
  alt: `The moonstone pendant, view ${n}`,
});
const pictures = (count: number) => Array.from({ length: count }, (_, index) => picture(index + 1));

describe.each(testDialects())('a product’s pictures on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    staff = await addUser(shop, { role: 'staff' });
  });
  afterAll(() => shop.close());

  const call = apiCaller(() => shop);
  const shopperView = async (id: string) => {
    const response = await call('GET', `/api/products/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return productDetailSchema.parse(response.json());
  };
  const storedRows = async (id: string) =>
    (
      await shop.database.db
        .selectFrom('product_images')
        .select(['position', 'url', 'alt'])
        .where('product_id', '=', id)
        .orderBy('position')
        .execute()
    ).map(({ url, alt }) => ({ url, alt }));

  /** A product saved with these pictures, as the owner's form saves it. */
  async function aProductWith(images: { url: string; alt: string }[]): Promise<AdminProduct> {
    const draft = adminProductSchema.parse(
      (await call('POST', '/api/products', admin.token)).json(),
    );
    const saved = await call('PUT', `/api/products/${draft._id}`, admin.token, {
      ...PRODUCT,
      images,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return adminProductSchema.parse(saved.json());
  }

  it('keeps eight described pictures in the owner’s order, the first as its image, in the listing too', async () => {
    const saved = await aProductWith(pictures(8));
    expect(saved.images).toEqual(pictures(8));
    expect(saved.image).toBe('/uploads/moonstone-1.webp');

    const shown = await shopperView(saved._id);
    expect(shown.images).toEqual(pictures(8));
    expect(shown.image).toBe(shown.images[0]?.url);
    const listed = productPageSchema
      .parse((await call('GET', '/api/products?keyword=moonstone')).json())
      .products.find((product) => product._id === saved._id);
    expect(listed?.images).toEqual(pictures(8));

    // Put in another order, the first picture becomes the image.
    const reordered = [picture(3), picture(1), picture(2)];
    const moved = await call('PUT', `/api/products/${saved._id}`, admin.token, {
      ...PRODUCT,
      image: '/uploads/moonstone-3.webp',
      images: reordered,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await shopperView(saved._id)).toMatchObject({
      image: '/uploads/moonstone-3.webp',
      images: reordered,
    });
    expect(await storedRows(saved._id)).toEqual(reordered);
  });

  it('shows a product without a gallery with its one image, described by its name', async () => {
    // As every product was before galleries: only `image`, no pictures stored.
    const older = await addProduct(shop.database, {
      name: 'Plain Silver Bangle',
      image: '/uploads/bangle.webp',
    });
    expect(await shopperView(older.id)).toMatchObject({
      image: '/uploads/bangle.webp',
      images: [{ url: '/uploads/bangle.webp', alt: 'Plain Silver Bangle' }],
    });

    // Saved as before, with an image and no pictures: the same, and nothing stored.
    const saved = await aProductWith(pictures(2));
    for (const body of [
      { ...PRODUCT, image: '/uploads/bangle.webp' },
      { ...PRODUCT, image: '/uploads/bangle.webp', images: [] },
    ]) {
      const response = await call('PUT', `/api/products/${saved._id}`, admin.token, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(await shopperView(saved._id)).toMatchObject({
        image: '/uploads/bangle.webp',
        images: [{ url: '/uploads/bangle.webp', alt: PRODUCT.name }],
      });
      expect(await storedRows(saved._id)).toEqual([]);
    }
  });

  it('gives a draft not yet saved no pictures, and asks for one when it is saved without', async () => {
    const draft = adminProductSchema.parse(
      (await call('POST', '/api/products', admin.token)).json(),
    );
    expect(draft).toMatchObject({ image: '', images: [] });
    const response = await call('PUT', `/api/products/${draft._id}`, admin.token, PRODUCT);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please choose an image',
      errors: [{ path: 'image', message: 'Please choose an image' }],
    });
  });

  it.each([
    ['a ninth picture', { images: pictures(9) }, 'A product can have at most 8 pictures', 'images'],
    [
      'a picture without its alt text',
      { images: [picture(1), { url: '/uploads/moonstone-2.webp' }] },
      'Please describe the picture for those who cannot see it',
      'images.1.alt',
    ],
    [
      'a picture described by blanks',
      { images: [picture(1), { ...picture(2), alt: '   ' }] },
      'Please describe the picture for those who cannot see it',
      'images.1.alt',
    ],
    [
      'a description over 250 characters',
      { images: [{ ...picture(1), alt: 'a'.repeat(251) }] },
      'That description is too long (250 characters at most)',
      'images.0.alt',
    ],
    [
      'a picture that is no upload or https:// address',
      { images: [{ url: 'javascript:alert(1)', alt: 'A pendant' }] },
      'The image must be an uploaded picture or an https:// address',
      'images.0.url',
    ],
    [
      'a picture listed twice',
      { images: [picture(1), picture(2), picture(1)] },
      'Picture 3 is listed twice',
      'images.2.url',
    ],
    [
      'an image that is not the first picture',
      { image: '/uploads/moonstone-2.webp', images: [picture(1), picture(2)] },
      'The image must be the first of the pictures (or left out, to take the first)',
      'image',
    ],
  ])('refuses %s with 400, changing nothing', async (_, pictureFields, message, path) => {
    const product = await aProductWith(pictures(3));
    const response = await call('PUT', `/api/products/${product._id}`, admin.token, {
      ...PRODUCT,
      name: 'Renamed Pendant',
      ...pictureFields,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe(path);
    expect(await shopperView(product._id)).toMatchObject({
      name: PRODUCT.name,
      images: pictures(3),
    });
    expect(await storedRows(product._id)).toEqual(pictures(3));
  });

  describe('a variant’s picture', () => {
    const CHAINS = [{ name: 'Chain length', values: ['45 cm', '55 cm'] }];
    const variants = (images: (string | null)[]) =>
      images.map((image, index) => ({
        options: { 'Chain length': CHAINS[0]?.values[index] ?? '' },
        sku: `MOON-${index}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase(),
        price: 58,
        countInStock: 2,
        image,
      }));

    it('names one of its product’s pictures, and keeps it when the pictures are put in another order', async () => {
      const product = await aProductWith(pictures(2));
      const body = {
        ...PRODUCT,
        images: pictures(3),
        options: CHAINS,
        variants: variants(['/uploads/moonstone-3.webp', null]),
      };
      const saved = await call('PUT', `/api/products/${product._id}`, admin.token, body);
      expect(saved.statusCode, saved.body).toBe(200);
      const shown = await shopperView(product._id);
      expect(shown.variants.map((variant) => variant.image)).toEqual([
        '/uploads/moonstone-3.webp',
        undefined,
      ]);

      const reordered = await call('PUT', `/api/products/${product._id}`, admin.token, {
        ...body,
        images: [picture(3), picture(2), picture(1)],
        variants: shown.variants.map(({ _id, options, sku, price, countInStock, image }) => ({
          _id,
          options,
          sku,
          price,
          countInStock,
          image: image ?? null,
        })),
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect((await shopperView(product._id)).variants[0]?.image).toBe('/uploads/moonstone-3.webp');
    });

    it('refuses a picture that is not among its product’s, changing nothing', async () => {
      const product = await aProductWith(pictures(2));
      for (const images of [pictures(2), []]) {
        const response = await call('PUT', `/api/products/${product._id}`, admin.token, {
          ...PRODUCT,
          image: '/uploads/moonstone-1.webp',
          images,
          options: CHAINS,
          variants: variants([null, '/uploads/someone-elses.webp']),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'Variant 2’s picture is not one of the product’s pictures',
          errors: [{ path: 'variants.1.image' }],
        });
      }
      const shown = await shopperView(product._id);
      expect(shown).toMatchObject({ images: pictures(2), options: [], variants: [] });
    });
  });

  it('lets staff save stock with the pictures as they are, and refuses them a change of pictures', async () => {
    const product = await aProductWith(pictures(2));
    const asLoaded = {
      ...PRODUCT,
      image: product.image,
      images: product.images,
    };
    const stock = await call('PUT', `/api/products/${product._id}`, staff.token, {
      ...asLoaded,
      countInStock: 9,
    });
    expect(stock.statusCode, stock.body).toBe(200);
    const moved = await call('PUT', `/api/products/${product._id}`, staff.token, {
      ...asLoaded,
      image: picture(2).url,
      images: [picture(2), picture(1)],
    });
    expect(moved.statusCode).toBe(403);
    expect(await shopperView(product._id)).toMatchObject({ countInStock: 9, images: pictures(2) });
  });

  it('forgets a deleted product’s pictures with it', async () => {
    const product = await aProductWith(pictures(4));
    expect(await storedRows(product._id)).toHaveLength(4);
    expect((await call('DELETE', `/api/products/${product._id}`, admin.token)).statusCode).toBe(
      200,
    );
    expect(await storedRows(product._id)).toEqual([]);
  });
});
