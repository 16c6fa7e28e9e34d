import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../support/databases';
import {
  changeDeliveryServices,
  FEED_ORIGIN,
  startFeedShop,
  type FeedShop,
} from '../../support/feed-fixtures';

/** jsdom (which the web tests run in) comes without its types: the one part of it used here. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options: { contentType: string }) => { window: { document: Document } };
};

const G = 'http://base.google.com/ns/1.0';
const PRICE = /^\d+\.\d{2} GBP$/;

interface Shipping {
  country: string;
  service: string;
  price: string;
  minTransit: string;
  maxTransit: string;
}

/** An item as Google reads it: each `g:` field's text, repeated ones as lists. */
interface GoogleItem {
  one(name: string): string | undefined;
  all(name: string): string[];
  shipping: Shipping[];
}

/**
 * The feed as Merchant Center reads it: strict XML (a stray `&`, a control character or an
 * unclosed tag throws), an RSS 2.0 channel whose items' fields are in Google's namespace.
 */
function readFeed(xml: string): GoogleItem[] {
  const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const rss = document.documentElement;
  expect({ root: rss.localName, version: rss.getAttribute('version') }).toEqual({
    root: 'rss',
    version: '2.0',
  });
  const [channel] = [...rss.children];
  expect(channel?.localName).toBe('channel');
  return [...(channel?.getElementsByTagName('item') ?? [])].map((item) => {
    const fields = [...item.children];
    for (const field of fields) expect(field.namespaceURI).toBe(G);
    const all = (name: string) =>
      fields.filter((field) => field.localName === name).map((field) => field.textContent);
    const shipping = fields
      .filter((field) => field.localName === 'shipping')
      .map((line) => {
        const part = (name: string) =>
          [...line.children].find((child) => child.localName === name)?.textContent ?? '';
        return {
          country: part('country'),
          service: part('service'),
          price: part('price'),
          minTransit: part('min_transit_time'),
          maxTransit: part('max_transit_time'),
        };
      });
    return { one: (name: string) => all(name)[0], all, shipping };
  });
}

const line = (service: string, price: string, minTransit: number, maxTransit: number) => ({
  country: 'GB',
  service,
  price,
  minTransit: String(minTransit),
  maxTransit: String(maxTransit),
});
const TRACKED_48 = (price: string) => line('Royal Mail Tracked 48', price, 2, 3);
const TRACKED_24 = line('Royal Mail Tracked 24', '4.95 GBP', 1, 2);
const SPECIAL = line('Special Delivery Guaranteed by 1pm', '9.95 GBP', 1, 1);

describe.each(testDialects())('the Google Merchant Center feed on %s', (dialect) => {
  let feedShop: FeedShop;

  async function fetchFeed() {
    const response = await fetch(`${feedShop.shop.baseUrl}/feeds/google.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    return readFeed(await response.text());
  }
  const byId = (items: GoogleItem[], id: string) => {
    const found = items.find((item) => item.one('id') === id);
    if (!found) throw new Error(`no item ${id} in ${items.map((item) => item.one('id')).join()}`);
    return found;
  };

  beforeAll(async () => {
    feedShop = await startFeedShop(dialect);
  });
  afterAll(() => feedShop.shop.close());

  it('lists an item for each variant of every live product, each with every field Google requires, within its limits', async () => {
    const items = await fetchFeed();
    const { tee, ring, scarf, pendant, bracelet } = feedShop.catalogue;
    // Tee 3 sizes, ring 2, scarf, pendant and bangle one each: read two products at a time.
    expect(items).toHaveLength(8);
    expect(new Set(items.map((item) => item.one('id'))).size).toBe(8);
    for (const item of items) {
      expect(item.one('id')?.length).toBeGreaterThan(0);
      expect(item.one('id')?.length).toBeLessThanOrEqual(50);
      expect(item.one('title')?.length).toBeGreaterThan(0);
      expect(item.one('title')?.length).toBeLessThanOrEqual(150);
      expect(item.one('description')?.length).toBeGreaterThan(0);
      expect(item.one('description')?.length).toBeLessThanOrEqual(5000);
      expect(item.one('link')).toMatch(new RegExp(`^${FEED_ORIGIN}/product/[0-9a-f]+`));
      expect(item.one('image_link')).toMatch(new RegExp(`^${FEED_ORIGIN}/uploads/`));
      expect(item.all('additional_image_link').length).toBeLessThanOrEqual(10);
      expect(['in_stock', 'out_of_stock', 'preorder']).toContain(item.one('availability'));
      expect(item.one('price')).toMatch(PRICE);
      expect(item.one('condition')).toBe('new');
      expect(item.one('identifier_exists')).toBe('no');
      expect(item.one('brand')?.length).toBeGreaterThan(0);
      expect(item.one('google_product_category')).toMatch(/^\d+$/);
      expect(item.one('product_type')?.length).toBeGreaterThan(0);
      for (const shipping of item.shipping) expect(shipping.price).toMatch(PRICE);
    }
    const groups = items.map((item) => item.one('item_group_id'));
    expect(groups.filter((group) => group === tee.id)).toHaveLength(3);
    expect(groups.filter((group) => group === ring.id)).toHaveLength(2);
    // Products sold one way stand alone, under an id of their own.
    for (const id of [scarf.id, pendant.id, bracelet.id]) {
      expect(byId(items, id).one('item_group_id')).toBeUndefined();
      expect(byId(items, id).one('link')).toBe(`${FEED_ORIGIN}/product/${id}`);
    }
  });

  it('writes each size as its own item, linked to its page with that size chosen', async () => {
    const items = await fetchFeed();
    const { tee } = feedShop.catalogue;
    const [small, medium, large] = tee.variantIds;
    const sizes = ['S', 'M', 'L'].map((size) => byId(items, `BRT-TEE-${size}`));
    expect(
      sizes.map((item) => ({
        title: item.one('title'),
        link: item.one('link'),
        size: item.one('size'),
        availability: item.one('availability'),
        price: item.one('price'),
        weight: item.one('shipping_weight'),
      })),
    ).toEqual([
      {
        title: 'Breton Stripe Tee - S',
        link: `${FEED_ORIGIN}/product/${tee.id}?variant=${small}`,
        size: 'S',
        availability: 'out_of_stock',
        price: '32.00 GBP',
        weight: '220 g',
      },
      {
        title: 'Breton Stripe Tee - M',
        link: `${FEED_ORIGIN}/product/${tee.id}?variant=${medium}`,
        size: 'M',
        availability: 'in_stock',
        price: '32.00 GBP',
        weight: '220 g',
      },
      {
        title: 'Breton Stripe Tee - L',
        link: `${FEED_ORIGIN}/product/${tee.id}?variant=${large}`,
        size: 'L',
        availability: 'in_stock',
        price: '32.00 GBP',
        weight: '300 g',
      },
    ]);
    const [, m] = sizes;
    // The medium has its own picture; the others the tee's first, with the rest besides.
    expect(m?.one('image_link')).toBe(`${FEED_ORIGIN}/uploads/tee-back.webp`);
    expect(m?.all('additional_image_link')).toEqual([
      `${FEED_ORIGIN}/uploads/tee-front.webp`,
      `${FEED_ORIGIN}/uploads/tee-folded.webp`,
    ]);
    expect(sizes[0]?.one('image_link')).toBe(`${FEED_ORIGIN}/uploads/tee-front.webp`);
    for (const item of sizes) {
      expect(item.one('sale_price')).toBeUndefined();
      expect({
        brand: item.one('brand'),
        category: item.one('google_product_category'),
        type: item.one('product_type'),
        color: item.one('color'),
        material: item.one('material'),
        gender: item.one('gender'),
        age: item.one('age_group'),
      }).toEqual({
        brand: 'Tidewell & Co.',
        category: '212',
        type: 'T-shirts',
        color: 'navy',
        material: 'organic cotton',
        gender: 'unisex',
        age: 'adult',
      });
    }
  });

  it('names jewellery by its metal and stone, gives the shop as the brand of one that names none, and keeps ids within 50 characters', async () => {
    const items = await fetchFeed();
    const { ring } = feedShop.catalogue;
    const ringItems = items.filter((item) => item.one('item_group_id') === ring.id);
    expect(ringItems.map((item) => item.one('id'))).toEqual([
      'SIG-RING-J',
      // Its SKU is 60 characters: the variant's own id stands for it.
      ring.variantIds[1],
    ]);
    expect(ring.longSku.length).toBeGreaterThan(50);
    expect(
      ringItems.map((item) => ({
        title: item.one('title'),
        size: item.one('size'),
        category: item.one('google_product_category'),
        type: item.one('product_type'),
        material: item.one('material'),
        color: item.one('color'),
        brand: item.one('brand'),
        gender: item.one('gender'),
        description: item.one('description'),
      })),
    ).toEqual(
      ['J', 'K'].map((size) => ({
        title: `Garnet Signet Ring - ${size}`,
        size,
        category: '200',
        type: 'Jewellery > Rings',
        material: '9ct gold/garnet',
        color: 'gold',
        brand: 'Larkspur',
        gender: undefined,
        description: 'A 9ct gold signet set with a garnet.',
      })),
    );
    const bangle = byId(items, feedShop.catalogue.bracelet.id);
    expect({
      category: bangle.one('google_product_category'),
      type: bangle.one('product_type'),
    }).toEqual({ category: '188', type: 'Jewellery > Accessories' });
  });

  it('cuts a 200-character name and a 6,000-character description to Google’s limits, as plain text', async () => {
    const items = await fetchFeed();
    const { pendant } = feedShop.catalogue;
    const item = byId(items, pendant.id);
    const title = item.one('title') ?? '';
    expect(pendant.name).toHaveLength(200);
    expect(title.length).toBeLessThanOrEqual(150);
    expect(title.length).toBeGreaterThan(140);
    expect(title.endsWith('…')).toBe(true);
    expect(pendant.name.startsWith(title.slice(0, -1))).toBe(true);

    const description = item.one('description') ?? '';
    expect(pendant.description).toHaveLength(6000);
    expect(description.length).toBeLessThanOrEqual(5000);
    expect(description.length).toBeGreaterThan(4900);
    expect(description.startsWith('Hand-set moonstone & silver.\nA long story of the stone.')).toBe(
      true,
    );
    expect(description).not.toMatch(/[<>\u0007]/); // eslint-disable-line no-control-regex
    // Twelve pictures: the first, and ten more.
    expect(item.one('image_link')).toBe(`${FEED_ORIGIN}/uploads/pendant-1.webp`);
    expect(item.all('additional_image_link')).toEqual(
      Array.from({ length: 10 }, (_, index) => `${FEED_ORIGIN}/uploads/pendant-${index + 2}.webp`),
    );
    expect(item.one('material')).toBe('sterling silver/moonstone');
    expect(item.one('google_product_category')).toBe('192');
  });

  it('shows a founded sale as the was price and the sale price, free of Tracked 48 from its threshold', async () => {
    const items = await fetchFeed();
    const scarf = byId(items, feedShop.catalogue.scarf.id);
    expect({
      price: scarf.one('price'),
      sale: scarf.one('sale_price'),
      type: scarf.one('product_type'),
      category: scarf.one('google_product_category'),
      gender: scarf.one('gender'),
      age: scarf.one('age_group'),
      shipping: scarf.shipping,
    }).toEqual({
      price: '80.00 GBP',
      sale: '60.00 GBP',
      type: 'Knitwear > Accessories',
      category: '167',
      gender: 'unisex',
      age: 'adult',
      // £60 now is the threshold itself; collection is no delivery and is never listed.
      shipping: [TRACKED_48('0.00 GBP'), TRACKED_24, SPECIAL],
    });
  });

  it('lists the services that carry each item at what they charge for it, and follows the owner’s changes', async () => {
    const { bracelet, pendant } = feedShop.catalogue;
    let items = await fetchFeed();
    expect(byId(items, 'BRT-TEE-M').shipping).toEqual([
      TRACKED_48('3.95 GBP'),
      TRACKED_24,
      SPECIAL,
    ]);
    expect(byId(items, 'SIG-RING-J').shipping).toEqual([
      TRACKED_48('0.00 GBP'),
      TRACKED_24,
      SPECIAL,
    ]);
    // £200 is over the tracked services' £100 cover.
    expect(byId(items, bracelet.id).shipping).toEqual([SPECIAL]);

    await changeDeliveryServices(feedShop, (services) =>
      services.map((service) =>
        service.id === 'tracked-48'
          ? { ...service, price: 2.5, freeOver: 30, maxWeightGrams: 250 }
          : service.id === 'special-delivery'
            ? { ...service, active: false }
            : service,
      ),
    );
    items = await fetchFeed();
    expect(byId(items, 'BRT-TEE-S').shipping).toEqual([TRACKED_48('0.00 GBP'), TRACKED_24]);
    // The large tee weighs 300 g, over Tracked 48's new 250 g.
    expect(byId(items, 'BRT-TEE-L').shipping).toEqual([TRACKED_24]);
    expect(byId(items, bracelet.id).shipping).toEqual([]);
    expect(byId(items, 'SIG-RING-J').shipping).toEqual([TRACKED_48('0.00 GBP'), TRACKED_24]);
    expect(byId(items, pendant.id).shipping).toEqual([TRACKED_48('2.50 GBP'), TRACKED_24]);
  });

  it.each(['/feeds/google.xml', '/feeds/meta.csv'])(
    'sends %s gzipped, byte for byte the same file, to a client that takes gzip',
    async (url) => {
      const get = (headers: Record<string, string>) =>
        feedShop.shop.app.inject({ method: 'GET', url, headers });
      const plain = await get({});
      const gzipped = await get({ 'accept-encoding': 'gzip, deflate, br' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
      expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    },
  );

  it('never lists a draft or a gift card, and search engines may fetch it', async () => {
    const response = await fetch(`${feedShop.shop.baseUrl}/feeds/google.xml`);
    const xml = await response.text();
    const { draftId, giftCardId } = feedShop.catalogue.hidden;
    expect(xml).not.toContain(draftId);
    expect(xml).not.toContain('Unfinished Draft Locket');
    expect(xml).not.toContain(giftCardId);
    expect(response.headers.get('cache-control')).toMatch(/^public/);

    const robots = await (await fetch(`${feedShop.shop.baseUrl}/robots.txt`)).text();
    const disallowed = robots
      .split('\n')
      .filter((rule) => rule.startsWith('Disallow:'))
      .map((rule) => rule.slice('Disallow:'.length).trim());
    for (const path of ['/feeds/google.xml', '/feeds/meta.csv']) {
      expect(disallowed.filter((prefix) => path.startsWith(prefix))).toEqual([]);
    }
  });
});
