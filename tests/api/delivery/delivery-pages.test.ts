import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryAnswerSchema } from '../../../src/shared/delivery/delivery';
import { DEMO_DELIVERY_SERVICES } from '../../../src/shared/delivery/delivery-settings';
import { settingsSchema, type Settings } from '../../../src/shared/settings/settings';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

const ORIGIN = 'https://shop.example.test';
const WEB_ROOT = path.resolve('dist/web');
/** How long a save may take to reach the pages: the contract's 5 seconds. */
const REACHES_THE_PAGES_MS = 5000;

const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );

/** The UK day `days` after today, `YYYY-MM-DD`. */
function ukDay(days = 0): string {
  const at = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
}

/** What an offer says of one service sent to the UK, its handling starting at 0 working days. */
const shipping = (price: number, days: { min: number; max: number }) => ({
  '@type': 'OfferShippingDetails',
  shippingRate: { '@type': 'MonetaryAmount', value: price, currency: 'GBP' },
  shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
  deliveryTime: {
    '@type': 'ShippingDeliveryTime',
    handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
    transitTime: {
      '@type': 'QuantitativeValue',
      minValue: days.min,
      maxValue: days.max,
      unitCode: 'DAY',
    },
  },
});
const TRACKED_48 = { min: 2, max: 3 };
const TRACKED_24 = { min: 1, max: 2 };
const SPECIAL_DELIVERY = { min: 1, max: 1 };

const returnPolicy = (days: number, fees: 'FreeReturn' | 'ReturnFeesCustomerResponsibility') => ({
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'GB',
  returnPolicyCountry: 'GB',
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: days,
  returnMethod: 'https://schema.org/ReturnByMail',
  returnFees: `https://schema.org/${fees}`,
});

describe.each(testDialects())('delivery on the storefront’s pages, on %s', (dialect) => {
  let shop: TestShop;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  const fetchPage = async (address: string) => {
    const response = await fetch(`${shop.baseUrl}${address}`);
    return { status: response.status, html: await response.text() };
  };
  /** The strip at the top of a page, as its first HTML has it. */
  const noticesOf = (html: string) =>
    /<aside aria-label="Shop notices"[^>]*>(.*?)<\/aside>/
      .exec(html)?.[1]
      ?.replaceAll('<!-- -->', '')
      .replaceAll(/<[^>]+>/g, '|')
      .split('|')
      .filter((words) => words.trim() !== '');

  async function save(change: (settings: Settings) => Settings): Promise<void> {
    const read = settingsSchema.parse((await call('GET', '/api/settings', admin.token)).json());
    const saved = await call('PUT', '/api/settings', admin.token, change(read));
    expect(saved.statusCode, saved.body).toBe(200);
  }

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_ROOT, '..', 'ssr', 'entry-server.js'))) {
      throw new Error('The storefront is rendered from the built app: run `npm run build` first');
    }
    shop = await startTestShop(
      dialect,
      { PUBLIC_URL: ORIGIN },
      { webRoot: WEB_ROOT, deliveryServices: DEMO_DELIVERY_SERVICES },
    );
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(() => shop.close());

  it('tells of each service sent at a product’s price, and of returns, in its structured data', async () => {
    const product = await addProduct(shop.database, {
      name: 'Plain Silver Cuff',
      pricePence: 4500,
    });
    const [data] = jsonLd((await fetchPage(`/product/${product.id}`)).html);
    expect(data?.offers).toMatchObject({
      price: '45.00',
      // Collection is no delivery: the three Royal Mail services, cheapest first.
      shippingDetails: [
        shipping(3.95, TRACKED_48),
        shipping(4.95, TRACKED_24),
        shipping(9.95, SPECIAL_DELIVERY),
      ],
      hasMerchantReturnPolicy: returnPolicy(14, 'ReturnFeesCustomerResponsibility'),
    });
  });

  it('gives each price of a product the services that carry it, free from the threshold', async () => {
    // £70 is over Tracked 48's threshold; £120 is over the £100 Tracked services cover.
    const { product } = await addProductWithVariants(
      shop.database,
      [{ name: 'Length', values: ['45 cm', '70 cm'] }],
      [
        { options: { Length: '45 cm' }, countInStock: 3, pricePence: 7000 },
        { options: { Length: '70 cm' }, countInStock: 3, pricePence: 12_000 },
      ],
      { name: 'Gold Curb Chain' },
    );
    const [data] = jsonLd((await fetchPage(`/product/${product.id}`)).html);
    const offers = (data?.hasVariant as { offers: Record<string, unknown> }[]).map(
      (variant) => variant.offers,
    );
    expect(offers.map((offer) => [offer.price, offer.shippingDetails])).toEqual([
      [
        '70.00',
        [shipping(0, TRACKED_48), shipping(4.95, TRACKED_24), shipping(9.95, SPECIAL_DELIVERY)],
      ],
      ['120.00', [shipping(9.95, SPECIAL_DELIVERY)]],
    ]);
  });

  it('shows a saved banner and holiday in the first HTML of every page within 5 seconds, and the returns in the structured data', async () => {
    const product = await addProduct(shop.database, { name: 'Moonstone Drop', pricePence: 3800 });
    // Kept before the save, so that the save has pages to drop.
    for (const address of ['/', `/product/${product.id}`]) {
      await fetchPage(address);
      expect(noticesOf((await fetchPage(address)).html)).toEqual([
        'Free UK delivery on orders of £60.00 or more',
      ]);
    }

    const holidayEnds = ukDay(6);
    await save((settings) => ({
      ...settings,
      banner: { text: 'Winter sale: 20% off scarves', from: ukDay(0), to: ukDay(3) },
      holiday: {
        from: ukDay(0),
        to: holidayEnds,
        message: 'We are at a fair this week: orders go out when we are back.',
        pauseCheckout: true,
      },
      returns: { days: 30, freeReturns: true },
    }));

    const reopens = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(Date.parse(`${holidayEnds}T00:00:00Z`) + 24 * 60 * 60 * 1000));
    const notices = [
      'We are at a fair this week: orders go out when we are back.',
      ` Checkout is paused until ${reopens}.`,
      'Winter sale: 20% off scarves',
      'Free UK delivery on orders of £60.00 or more',
    ];
    for (const address of ['/', `/product/${product.id}`, '/shipping-info']) {
      await vi.waitFor(
        async () => expect(noticesOf((await fetchPage(address)).html)).toEqual(notices),
        { timeout: REACHES_THE_PAGES_MS, interval: 50 },
      );
    }
    const [data] = jsonLd((await fetchPage(`/product/${product.id}`)).html);
    expect(data?.offers).toMatchObject({
      hasMerchantReturnPolicy: returnPolicy(30, 'FreeReturn'),
    });
    await save((settings) => ({
      ...settings,
      banner: null,
      holiday: null,
      returns: { days: 14, freeReturns: false },
    }));
  });

  it('shows a banner on its own days only', async () => {
    await save((settings) => ({
      ...settings,
      banner: { text: 'Our winter collection arrives tomorrow', from: ukDay(1), to: ukDay(8) },
    }));
    expect(noticesOf((await fetchPage('/')).html)).toEqual([
      'Free UK delivery on orders of £60.00 or more',
    ]);
    await save((settings) => ({
      ...settings,
      banner: { text: 'Last days of the autumn sale', from: ukDay(-7), to: ukDay(-1) },
    }));
    expect(noticesOf((await fetchPage('/')).html)).toEqual([
      'Free UK delivery on orders of £60.00 or more',
    ]);
    await save((settings) => ({ ...settings, banner: null }));
  });

  it('answers what the pages say of each service, the handling days and returns', async () => {
    const answer = deliveryAnswerSchema.parse((await call('GET', '/api/delivery')).json());
    expect(
      answer.services.map(({ id, price, days, freeOver, cover }) => ({
        id,
        price,
        days,
        freeOver,
        cover,
      })),
    ).toEqual([
      { id: 'collect', price: 0, days: { min: 0, max: 0 }, freeOver: null, cover: null },
      { id: 'tracked-48', price: 3.95, days: TRACKED_48, freeOver: 60, cover: 100 },
      { id: 'tracked-24', price: 4.95, days: TRACKED_24, freeOver: null, cover: 100 },
      { id: 'special-delivery', price: 9.95, days: SPECIAL_DELIVERY, freeOver: null, cover: 750 },
    ]);
    expect({ handlingDays: answer.handlingDays, returns: answer.returns }).toEqual({
      handlingDays: 0,
      returns: { days: 14, freeReturns: false },
    });
  });
});
