import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DELIVERY_SERVICES } from '../../../src/shared/delivery/delivery-settings';
import { addProduct, addProductWithVariants, addReview } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const ORIGIN = 'https://shop.example.test';
const WEB_ROOT = path.resolve('dist/web');

type Json = Record<string, unknown>;

const jsonLd = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Json,
  );

const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value : [value]) as Json[];

/**
 * What Google's merchant listing guide requires of a product and its offer (name, image, and an
 * offer's price, currency and availability), and what it recommends that the shop can say:
 * condition, the page's address, delivery by each service to the UK and the returns policy.
 */
function expectMerchantListing(product: Json, pageAddress: string) {
  expect(product.name).toEqual(expect.any(String) as string);
  expect(objectsOf(product.image).length).toBeGreaterThan(0);
  for (const image of objectsOf(product.image)) expect(image).toMatch(/^https:\/\//);
  const offers = objectsOf(product.offers);
  expect(offers).toHaveLength(1);
  for (const offer of offers) {
    expect(offer).toMatchObject({
      '@type': 'Offer',
      price: expect.stringMatching(/^\d+\.\d\d$/) as string,
      priceCurrency: 'GBP',
      availability: expect.stringMatching(
        /^https:\/\/schema\.org\/(InStock|OutOfStock)$/,
      ) as string,
      itemCondition: 'https://schema.org/NewCondition',
      url: pageAddress,
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'GB',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: expect.stringMatching(/^https:\/\/schema\.org\//) as string,
      },
    });
    const shipping = objectsOf(offer.shippingDetails);
    expect(shipping.length).toBeGreaterThan(0);
    for (const service of shipping) {
      expect(service).toMatchObject({
        '@type': 'OfferShippingDetails',
        shippingRate: { value: expect.any(Number) as number, currency: 'GBP' },
        shippingDestination: { addressCountry: 'GB' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', unitCode: 'DAY' },
        },
      });
    }
  }
}

describe.each(testDialects())('product pages’ structured data on %s', (dialect) => {
  let shop: TestShop;

  const pageData = async (address: string) => {
    const response = await fetch(`${shop.baseUrl}${address}`);
    expect(response.status).toBe(200);
    return jsonLd(await response.text());
  };

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, '..', 'ssr', 'entry-server.js'))) {
      throw new Error('The storefront is rendered from the built app: run `npm run build` first');
    }
    shop = await startTestShop(
      dialect,
      { PUBLIC_URL: ORIGIN },
      { webRoot: WEB_ROOT, deliveryServices: DEMO_DELIVERY_SERVICES },
    );
  });
  afterAll(() => shop.close());

  it('gives a product with options a ProductGroup whose every variant Google can list', async () => {
    const { product, variantIds } = await addProductWithVariants(
      shop.database,
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Navy', 'Ecru'] },
      ],
      [
        {
          options: { Size: 'S', Colour: 'Navy' },
          countInStock: 0,
          pricePence: 5800,
          sku: 'JMP-S-N',
        },
        {
          options: { Size: 'M', Colour: 'Ecru' },
          countInStock: 3,
          pricePence: 6200,
          sku: 'JMP-M-E',
        },
      ],
      {
        name: 'Harbour Rib Jumper',
        brand: 'Tidewell',
        category: 'jumpers',
        description: 'A ribbed lambswool jumper.',
        facets: { metal: null, stone: null, colour: 'navy', material: 'lambswool' },
      },
    );
    for (const [index, comment] of [
      'Warm.',
      'Soft.',
      'Lovely.',
      'Snug.',
      'Good.',
      'Fine.',
    ].entries()) {
      await addReview(
        shop.database,
        product.id,
        5 - (index % 2),
        comment,
        `2026-03-0${index + 1}T10:00:00Z`,
      );
    }
    const [group, breadcrumbs] = await pageData(`/product/${product.id}`);
    const pageAddress = `${ORIGIN}/product/${product.id}`;

    // Product variants: the group's name, id, what it varies by, and its variants.
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Harbour Rib Jumper',
      productGroupID: product.id,
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      description: 'A ribbed lambswool jumper.',
      brand: { '@type': 'Brand', name: 'Tidewell' },
      material: 'Lambswool',
      url: pageAddress,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.5', reviewCount: 6 },
    });
    // The latest five reviews, newest first.
    const reviews = objectsOf(group?.review);
    expect(reviews.map((review) => review.reviewBody)).toEqual([
      'Fine.',
      'Good.',
      'Snug.',
      'Lovely.',
      'Soft.',
    ]);
    expect(reviews[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Reviewer' },
      datePublished: '2026-03-06',
      reviewBody: 'Fine.',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
    });

    const variants = objectsOf(group?.hasVariant);
    expect(variants.map((variant) => [variant.sku, variant.size, variant.color])).toEqual([
      ['JMP-S-N', 'S', 'Navy'],
      ['JMP-M-E', 'M', 'Ecru'],
    ]);
    for (const [index, variant] of variants.entries()) {
      expect(variant).toMatchObject({
        '@type': 'Product',
        name: expect.stringContaining('Harbour Rib Jumper') as string,
      });
      expectMerchantListing(variant, `${pageAddress}?variant=${variantIds[index]}`);
    }
    expect(variants.map((variant) => objectsOf(variant.offers)[0]?.price)).toEqual([
      '58.00',
      '62.00',
    ]);
    expect(variants.map((variant) => objectsOf(variant.offers)[0]?.availability)).toEqual([
      'https://schema.org/OutOfStock',
      'https://schema.org/InStock',
    ]);
    expect(new Set(variants.map((variant) => variant.name)).size).toBe(2);
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('gives a product sold one way a Product with its offer, and no stars until it is reviewed', async () => {
    const product = await addProduct(shop.database, {
      name: 'Moonstone Drop Pendant',
      brand: 'Larkspur',
      category: 'pendants',
      description: 'A moonstone on a fine silver chain.',
      pricePence: 6000,
      compareAtPence: 7500,
      facets: { metal: 'sterling silver', stone: 'moonstone', colour: 'silver', material: null },
    });
    const [data, breadcrumbs] = await pageData(`/product/${product.id}`);
    const pageAddress = `${ORIGIN}/product/${product.id}`;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Moonstone Drop Pendant',
      description: 'A moonstone on a fine silver chain.',
      brand: { '@type': 'Brand', name: 'Larkspur' },
      material: 'Sterling silver',
      color: 'Silver',
      url: pageAddress,
    });
    expectMerchantListing(data ?? {}, pageAddress);
    expect(data?.offers).toMatchObject({
      price: '60.00',
      availability: 'https://schema.org/InStock',
      priceSpecification: [
        { price: '60.00', priceCurrency: 'GBP' },
        {
          priceType: 'https://schema.org/StrikethroughPrice',
          price: '75.00',
          priceCurrency: 'GBP',
        },
      ],
    });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(data).not.toHaveProperty('hasVariant');
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: `${ORIGIN}/` },
        { position: 2, item: `${ORIGIN}/category/pendants` },
        { position: 3, name: 'Moonstone Drop Pendant' },
      ],
    });
  });
});
