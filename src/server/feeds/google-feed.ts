import { feedPrice, type FeedItem } from './feed-items';
import type { FeedItemReads } from './feeds.service';
import { oneLine, withoutControls } from './plain-text';

// Google Merchant Center's product feed: RSS 2.0 with Google's `g:` namespace, an item a line.
// https://support.google.com/merchants/answer/7052112 (the product data specification).

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

/** Text as XML carries it: every character XML forbids taken out, markup written as text. */
const escapeXml = (text: string) =>
  withoutControls(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

const element = (name: string, value: string | number | null) =>
  value === null ? '' : `<g:${name}>${escapeXml(String(value))}</g:${name}>`;

/** One `g:shipping` per service: to Great Britain, its name, its charge and its days on the way. */
const shippingOf = (item: FeedItem) =>
  item.shipping
    .map(
      (line) =>
        `<g:shipping>${element('country', 'GB')}${element('service', line.service)}${element(
          'price',
          feedPrice(line.pence),
        )}${element('min_transit_time', line.days.min)}${element(
          'max_transit_time',
          line.days.max,
        )}</g:shipping>`,
    )
    .join('');

/** An item as one line of the feed. */
export function googleItemXml(item: FeedItem): string {
  return [
    '<item>',
    element('id', item.id),
    element('item_group_id', item.groupId),
    element('title', item.title),
    element('description', item.description),
    element('link', item.link),
    element('image_link', item.imageLink),
    ...item.additionalImageLinks.map((link) => element('additional_image_link', link)),
    element('availability', item.availability),
    element('availability_date', item.availabilityDate),
    element('price', feedPrice(item.pricePence)),
    element('sale_price', item.salePricePence === null ? null : feedPrice(item.salePricePence)),
    element('brand', item.brand),
    element('condition', 'new'),
    // Made by hand in the shop's own workshop: no GTIN or maker's part number to give.
    element('identifier_exists', 'no'),
    element('google_product_category', item.googleCategory),
    element('product_type', item.productType),
    element('color', item.color),
    element('material', item.material),
    element('size', item.size),
    // UK sizes: S-XL for clothes, J-S for rings.
    element('size_system', item.size === null ? null : 'UK'),
    element('gender', item.gender),
    element('age_group', item.ageGroup),
    element('shipping_weight', item.weightGrams === null ? null : `${item.weightGrams} g`),
    shippingOf(item),
    '</item>\n',
  ].join('');
}

/** What the feed says of itself: the shop, its address, what it lists. */
export interface FeedChannel {
  shopName: string;
  publicUrl: string;
}

/**
 * The whole feed as pieces of text, one a read of the catalogue, each made at once and gone
 * before the next read: the channel's opening, the items, the closing.
 */
export async function* googleFeedPieces(
  reads: FeedItemReads,
  { shopName, publicUrl }: FeedChannel,
): AsyncGenerator<string> {
  const name = oneLine(shopName);
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}"><channel>`,
    `<title>${escapeXml(name)}</title>`,
    `<link>${escapeXml(publicUrl)}</link>`,
    `<description>${escapeXml(`Everything ${name} sells`)}</description>\n`,
  ].join('');
  for await (const items of reads) yield items.map(googleItemXml).join('');
  yield '</channel></rss>\n';
}
