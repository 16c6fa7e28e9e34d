import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../support/databases';
import {
  changeDeliveryServices,
  FEED_ORIGIN,
  startFeedShop,
  type FeedShop,
} from '../../support/feed-fixtures';

/** Meta's catalogue fields, in the order the feed writes them. */
const COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'item_group_id',
  'google_product_category',
  'product_type',
  'color',
  'material',
  'size',
  'gender',
  'age_group',
  'shipping_weight',
  'shipping',
];

const PRICE = /^\d+\.\d{2} GBP$/;

type Row = Record<string, string>;

describe.each(testDialects())('the Meta catalogue feed on %s', (dialect) => {
  let feedShop: FeedShop;

  /** The feed as Meta reads it: RFC 4180 CSV, a header row naming its fields. */
  async function fetchRows(): Promise<Row[]> {
    const response = await fetch(`${feedShop.shop.baseUrl}/feeds/meta.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    const [header] = parse(text, { to_line: 1 });
    expect(header).toEqual(COLUMNS);
    return parse<Row>(text, { columns: true });
  }
  const row = (rows: Row[], id: string) => {
    const found = rows.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no row ${id}`);
    return found;
  };

  beforeAll(async () => {
    feedShop = await startFeedShop(dialect);
  });
  afterAll(() => feedShop.shop.close());

  it('lists the same items as the Google feed, in Meta’s words', async () => {
    const rows = await fetchRows();
    const xml = await (await fetch(`${feedShop.shop.baseUrl}/feeds/google.xml`)).text();
    const googleIds = [...xml.matchAll(/<g:id>([^<]+)<\/g:id>/g)].map((match) => match[1]);
    expect(rows.map((item) => item.id)).toEqual(googleIds);
    expect(rows).toHaveLength(8);
    for (const item of rows) {
      expect(['in stock', 'out of stock', 'preorder']).toContain(item.availability);
      expect(item.condition).toBe('new');
      expect(item.price).toMatch(PRICE);
      expect(item.title?.length).toBeLessThanOrEqual(150);
      expect(item.description?.length).toBeLessThanOrEqual(5000);
      expect(item.id?.length).toBeLessThanOrEqual(50);
      expect(item.link?.startsWith(`${FEED_ORIGIN}/product/`)).toBe(true);
    }
    const { draftId, giftCardId } = feedShop.catalogue.hidden;
    const all = JSON.stringify(rows);
    expect(all).not.toContain(draftId);
    expect(all).not.toContain(giftCardId);
  });

  it('writes sizes, pictures, sale prices and delivery as Meta’s fields take them', async () => {
    const { tee, scarf, pendant } = feedShop.catalogue;
    const rows = await fetchRows();
    expect(row(rows, 'BRT-TEE-S')).toEqual({
      id: 'BRT-TEE-S',
      title: 'Breton Stripe Tee - S',
      description: 'Heavy organic cotton, ecru with a navy stripe.',
      availability: 'out of stock',
      condition: 'new',
      price: '32.00 GBP',
      sale_price: '',
      link: `${FEED_ORIGIN}/product/${tee.id}?variant=${tee.variantIds[0] ?? ''}`,
      image_link: `${FEED_ORIGIN}/uploads/tee-front.webp`,
      additional_image_link: `${FEED_ORIGIN}/uploads/tee-back.webp,${FEED_ORIGIN}/uploads/tee-folded.webp`,
      brand: 'Tidewell & Co.',
      item_group_id: tee.id,
      google_product_category: '212',
      product_type: 'T-shirts',
      color: 'navy',
      material: 'organic cotton',
      size: 'S',
      gender: 'unisex',
      age_group: 'adult',
      shipping_weight: '220 g',
      shipping:
        'GB::Royal Mail Tracked 48:3.95 GBP,GB::Royal Mail Tracked 24:4.95 GBP,' +
        'GB::Special Delivery Guaranteed by 1pm:9.95 GBP',
    });
    expect(row(rows, scarf.id)).toMatchObject({
      price: '80.00 GBP',
      sale_price: '60.00 GBP',
      item_group_id: '',
      product_type: 'Knitwear > Accessories',
      shipping:
        'GB::Royal Mail Tracked 48:0.00 GBP,GB::Royal Mail Tracked 24:4.95 GBP,' +
        'GB::Special Delivery Guaranteed by 1pm:9.95 GBP',
    });
    const long = row(rows, pendant.id);
    expect(long.additional_image_link?.split(',')).toHaveLength(10);
    expect(long.description?.startsWith('Hand-set moonstone & silver.\n')).toBe(true);
    expect(long.shipping_weight).toBe('');
  });

  it('follows the delivery services the owner sets', async () => {
    await changeDeliveryServices(feedShop, (services) =>
      services.map((service) =>
        service.id === 'tracked-24'
          ? { ...service, name: 'Royal Mail: Tracked 24, next day', price: 5.5 }
          : service.id === 'special-delivery'
            ? { ...service, active: false }
            : service,
      ),
    );
    const rows = await fetchRows();
    // A colon or comma in a service's name would break Meta's COUNTRY:REGION:SERVICE:PRICE.
    expect(row(rows, 'BRT-TEE-M').shipping).toBe(
      'GB::Royal Mail Tracked 48:3.95 GBP,GB::Royal Mail Tracked 24 next day:5.50 GBP',
    );
  });
});
