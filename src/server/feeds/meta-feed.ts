import { stringify } from 'csv-stringify';
import { pipeline, Readable } from 'node:stream';
import { nextTurn } from '../http/paged-text';
import { feedPrice, type Availability, type FeedItem } from './feed-items';
import type { FeedItemReads } from './feeds.service';

// Meta's catalogue (Facebook and Instagram shops) as a CSV data feed, in the columns and words of
// Meta's catalogue fields: https://developers.facebook.com/docs/commerce-platform/catalog/fields.

export const META_COLUMNS = [
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
] as const;

type MetaRow = Record<(typeof META_COLUMNS)[number], string>;

/** Meta writes availability in words with a space, where Google has an underscore. */
const META_AVAILABILITY: Record<Availability, string> = {
  in_stock: 'in stock',
  out_of_stock: 'out of stock',
  preorder: 'preorder',
};

/** A service's name as a part of Meta's `COUNTRY:REGION:SERVICE:PRICE`: no colon or comma in it. */
const servicePart = (name: string) => name.replace(/\s*[:,]+\s*/g, ' ').trim();

/** An item as a row: empty cells for what it does not have. */
export function metaRow(item: FeedItem): MetaRow {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: META_AVAILABILITY[item.availability],
    condition: 'new',
    price: feedPrice(item.pricePence),
    sale_price: item.salePricePence === null ? '' : feedPrice(item.salePricePence),
    link: item.link,
    image_link: item.imageLink ?? '',
    additional_image_link: item.additionalImageLinks.join(','),
    brand: item.brand,
    item_group_id: item.groupId ?? '',
    google_product_category: String(item.googleCategory),
    product_type: item.productType,
    color: item.color ?? '',
    material: item.material ?? '',
    size: item.size ?? '',
    gender: item.gender ?? '',
    age_group: item.ageGroup ?? '',
    shipping_weight: item.weightGrams === null ? '' : `${item.weightGrams} g`,
    // Great Britain whole (the region left out), each service its own entry.
    shipping: item.shipping
      .map((line) => `GB::${servicePart(line.service)}:${feedPrice(line.pence)}`)
      .join(','),
  };
}

/**
 * The feed as a CSV stream: a header row, then a row an item, made by csv-stringify as the rows
 * come, a read of the catalogue at a time and only as fast as the reader takes them. Not defused
 * for spreadsheets as the owner's downloads are: Meta reads cells as they are, and a leading
 * apostrophe would be part of a title.
 */
export function metaFeedCsv(reads: FeedItemReads, onError: (error: Error) => void): Readable {
  async function* rows() {
    for await (const items of reads) {
      for (const item of items) yield metaRow(item);
      await nextTurn();
    }
  }
  return pipeline(
    Readable.from(rows()),
    stringify({ header: true, columns: [...META_COLUMNS] }),
    (error) => {
      if (error) onError(error);
    },
  );
}
