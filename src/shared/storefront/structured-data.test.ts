import { describe, expect, it } from 'vitest';
import type { ProductDetail, Review, Variant } from '../catalog/catalog';
import type { DeliveryAnswer } from '../delivery/delivery';
import { productStructuredData, type StructuredDataContext } from './structured-data';

const ORIGIN = 'https://shop.example';

const product = (changes: Partial<ProductDetail> = {}): ProductDetail => ({
  _id: 'p1',
  name: 'Harbour Light Pendant',
  brand: 'Larkspur',
  image: '/uploads/pendant.webp',
  images: [
    { url: '/uploads/pendant.webp', alt: 'The pendant' },
    { url: '/uploads/pendant-clasp.webp', alt: 'Its clasp' },
  ],
  price: 45,
  compareAtPrice: null,
  description: 'A small moonstone on a fine chain.',
  category: 'necklaces',
  countInStock: 3,
  weightGrams: 40,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-10-01T09:00:00.000Z',
  options: [],
  variants: [],
  specifications: [],
  facets: { metal: 'sterling silver', stone: 'moonstone', colour: 'silver', material: null },
  madeToOrder: null,
  preorder: null,
  personalisation: null,
  reviews: [],
  ...changes,
});

const variant = (id: string, options: Record<string, string>, changes: Partial<Variant> = {}) => ({
  _id: id,
  options,
  sku: `SKU-${id}`,
  price: 30,
  compareAtPrice: null,
  countInStock: 2,
  weightGrams: 0,
  ...changes,
});

const answer = (returns = { days: 30, freeReturns: true }): DeliveryAnswer => ({
  services: [
    {
      id: 'tracked-48',
      name: 'Tracked 48',
      description: '',
      price: 3.95,
      freeOver: 60,
      tracked: true,
      signed: false,
      collect: false,
      estimate: { dispatch: '2026-11-02', from: '2026-11-04', to: '2026-11-05' },
      days: { min: 2, max: 3 },
      cover: 100,
    },
    {
      id: 'collect',
      name: 'Collect from the studio',
      description: '',
      price: 0,
      freeOver: null,
      tracked: false,
      signed: false,
      collect: true,
      estimate: { dispatch: '2026-11-02', from: '2026-11-02', to: '2026-11-02' },
      days: { min: 0, max: 0 },
      cover: null,
    },
  ],
  dispatchCutOff: '2026-11-02T13:00:00.000Z',
  holiday: null,
  banner: null,
  collection: null,
  handlingDays: 1,
  returns,
});

const context = (
  deliveryAt: StructuredDataContext['deliveryAt'] = () => answer(),
): StructuredDataContext => ({
  origin: ORIGIN,
  seller: 'Larkspur',
  deliveryAt,
});

describe("a product page's structured data", () => {
  it('describes a product sold one way as a Product with one offer, its delivery and its returns', () => {
    const data = productStructuredData(product(), context());
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Harbour Light Pendant',
      description: 'A small moonstone on a fine chain.',
      image: [`${ORIGIN}/uploads/pendant.webp`, `${ORIGIN}/uploads/pendant-clasp.webp`],
      brand: { '@type': 'Brand', name: 'Larkspur' },
      material: 'Sterling silver',
      color: 'Silver',
      url: `${ORIGIN}/product/p1`,
      offers: {
        '@type': 'Offer',
        url: `${ORIGIN}/product/p1`,
        price: '45.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        // Collection is no delivery: only the parcel service.
        shippingDetails: [
          {
            '@type': 'OfferShippingDetails',
            shippingRate: { '@type': 'MonetaryAmount', value: 3.95, currency: 'GBP' },
            shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
            deliveryTime: {
              '@type': 'ShippingDeliveryTime',
              handlingTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2 },
              transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 3 },
            },
          },
        ],
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: 'GB',
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 30,
          returnMethod: 'https://schema.org/ReturnByMail',
          returnFees: 'https://schema.org/FreeReturn',
        },
      },
    });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(data).not.toHaveProperty('offers.priceSpecification');
  });

  it('leaves delivery and returns out of an offer whose price has no delivery answer', () => {
    const data = productStructuredData(
      product(),
      context(() => undefined),
    );
    expect(data).not.toHaveProperty('offers.shippingDetails');
    expect(data).not.toHaveProperty('offers.hasMerchantReturnPolicy');
    expect(data).toMatchObject({
      offers: { price: '45.00', availability: expect.any(String) as string },
    });
  });

  it('describes a product with options as a ProductGroup of its variants, each with its size, colour and offer', () => {
    const tee = product({
      _id: 'tee',
      name: 'Quayside Stripe Tee',
      facets: { metal: null, stone: null, colour: 'navy', material: 'organic cotton' },
      options: [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Navy', 'Ecru'] },
      ],
      variants: [
        variant('v1', { Size: 'S', Colour: 'Navy' }, { countInStock: 0 }),
        variant('v2', { Size: 'M', Colour: 'Ecru' }, { image: '/uploads/pendant-clasp.webp' }),
      ],
    });
    const data = productStructuredData(tee, context());
    expect(data).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Quayside Stripe Tee',
      productGroupID: 'tee',
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
      material: 'Organic cotton',
      url: `${ORIGIN}/product/tee`,
    });
    // The colour varies, so the group does not claim the facets' one.
    expect(data).not.toHaveProperty('color');
    expect(data).not.toHaveProperty('offers');
    expect(data).toHaveProperty('hasVariant', [
      expect.objectContaining({
        '@type': 'Product',
        sku: 'SKU-v1',
        name: 'Quayside Stripe Tee (Size: S, Colour: Navy)',
        image: `${ORIGIN}/uploads/pendant.webp`,
        size: 'S',
        color: 'Navy',
        material: 'Organic cotton',
        offers: expect.objectContaining({
          url: `${ORIGIN}/product/tee?variant=v1`,
          price: '30.00',
          priceCurrency: 'GBP',
          availability: 'https://schema.org/OutOfStock',
          hasMerchantReturnPolicy: expect.objectContaining({ merchantReturnDays: 30 }) as unknown,
        }) as unknown,
      }) as unknown,
      expect.objectContaining({
        sku: 'SKU-v2',
        image: `${ORIGIN}/uploads/pendant-clasp.webp`,
        size: 'M',
        color: 'Ecru',
        offers: expect.objectContaining({ availability: 'https://schema.org/InStock' }) as unknown,
      }) as unknown,
    ]);
  });

  it('gives variants without a colour option the colour of the product, and a length as their size', () => {
    const chain = product({
      options: [{ name: 'Chain length', values: ['45 cm', '50 cm'] }],
      variants: [
        variant('a', { 'Chain length': '45 cm' }),
        variant('b', { 'Chain length': '50 cm' }),
      ],
    });
    const data = productStructuredData(chain, context());
    expect(data).toMatchObject({
      variesBy: ['https://schema.org/size'],
      color: 'Silver',
      hasVariant: [
        { size: '45 cm', color: 'Silver', material: 'Sterling silver' },
        { size: '50 cm', color: 'Silver', material: 'Sterling silver' },
      ],
    });
  });

  it('names a ring size as the size, and leaves another group to the name when there is a size', () => {
    const ring = product({
      options: [
        { name: 'Ring size', values: ['L', 'N'] },
        { name: 'Finish', values: ['Polished', 'Brushed'] },
      ],
      variants: [variant('a', { 'Ring size': 'L', Finish: 'Brushed' })],
    });
    const data = productStructuredData(ring, context());
    expect(data).toMatchObject({
      variesBy: ['https://schema.org/size'],
      hasVariant: [{ size: 'L', name: 'Harbour Light Pendant (Ring size: L, Finish: Brushed)' }],
    });
  });

  it('shows a was price as a strikethrough price beside the price paid', () => {
    const data = productStructuredData(product({ price: 60, compareAtPrice: 80 }), context());
    expect(data).toMatchObject({
      offers: {
        price: '60.00',
        priceSpecification: [
          { '@type': 'UnitPriceSpecification', price: '60.00', priceCurrency: 'GBP' },
          {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: '80.00',
            priceCurrency: 'GBP',
          },
        ],
      },
    });
  });

  it('carries the stars and the latest five reviews of a reviewed product', () => {
    const reviews: Review[] = Array.from({ length: 7 }, (_, index) => ({
      _id: `r${index}`,
      name: `Reader ${index}`,
      rating: 5 - (index % 2),
      comment: `Review ${index}`,
      createdAt: `2026-10-0${index + 1}T10:00:00.000Z`,
      verified: true,
    }));
    const data = productStructuredData(product({ rating: 4.6, numReviews: 7, reviews }), context());
    expect(data).toHaveProperty('aggregateRating', {
      '@type': 'AggregateRating',
      ratingValue: '4.6',
      reviewCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data).toHaveProperty('review.length', 5);
    expect(data).toHaveProperty('review.0', {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Reader 0' },
      datePublished: '2026-10-01',
      reviewBody: 'Review 0',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
  });

  it('says a made-to-order product is made to order, and a pre-order when it is released', () => {
    const today = '2026-11-30';
    const jumper = productStructuredData(
      product({ countInStock: 0, madeToOrder: { leadDays: 15 } }),
      { ...context(), today },
    );
    expect(jumper).toMatchObject({ offers: { availability: 'https://schema.org/MadeToOrder' } });
    const preorder = { releaseDate: '2026-12-12', limit: 20, left: 20 };
    const early = productStructuredData(product({ countInStock: 0, preorder }), {
      ...context(),
      today,
    });
    expect(early).toMatchObject({
      offers: { availability: 'https://schema.org/PreOrder', availabilityStarts: '2026-12-12' },
    });
    const released = productStructuredData(product({ countInStock: 4, preorder }), {
      ...context(),
      today: '2026-12-12',
    });
    expect(released).toMatchObject({ offers: { availability: 'https://schema.org/InStock' } });
  });
});
