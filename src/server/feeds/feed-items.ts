import { createHash } from 'node:crypto';
import { sizeOfOptions } from '../../shared/catalog/facets';
import type { Pence } from '../../shared/money';
import {
  picturesOf,
  type FeedProductRecord,
  type ProductRecord,
  type VariantRecord,
} from '../catalog/feed-products';
import { itemWeightGrams } from '../catalog/stock.service';
import { makingOf } from '../../shared/catalog/made-for-you';
import { ukDayStart } from '../../shared/uk-time';
import { ukDayOf } from '../delivery/delivery-dates';
import { pricedServices, type DeliveryTerms } from '../delivery/delivery-options';
import { oneLine, plainDescription, shortened } from './plain-text';
import { googleCategoryOf, isClothing, productTypeOf } from './shelf-categories';

// One item of a product feed per thing a shopper can put in the basket: each variant of a product
// sold in options, or the product itself. Google's and Meta's feeds are written from the same
// items, so the two never disagree on a price, a link or a delivery charge.

/** Google's limits, which Meta's are as wide as or wider than. */
export const FEED_LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  additionalImages: 10,
} as const;

export type Availability = 'in_stock' | 'out_of_stock' | 'preorder';

/** A delivery service that carries the item, and what it charges for it alone. */
export interface FeedShipping {
  service: string;
  pence: Pence;
  /** Working days the carrier takes, at the fewest and the most. */
  days: { min: number; max: number };
}

export interface FeedItem {
  id: string;
  /** The product, for an item that is one of its variants; null for a product sold one way. */
  groupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string | null;
  additionalImageLinks: string[];
  availability: Availability;
  /** A pre-order's release date, as an instant (UK midnight); null when not on pre-order. */
  availabilityDate: string | null;
  /** The price a shopper pays, or the was price while on a founded sale. */
  pricePence: Pence;
  /** The price now while on a founded sale; else null. */
  salePricePence: Pence | null;
  brand: string;
  googleCategory: number;
  productType: string;
  color: string | null;
  material: string | null;
  size: string | null;
  gender: 'unisex' | null;
  ageGroup: 'adult' | null;
  /** Grams as posted; null while the owner has not said. */
  weightGrams: number | null;
  shipping: FeedShipping[];
}

/** What every item is written with besides its product. */
export interface FeedContext {
  /** The shop's address, without a trailing slash. */
  publicUrl: string;
  /** The brand of a product that names none: the shop's own, as it makes what it sells. */
  shopName: string;
  terms: DeliveryTerms;
  /** The UK day the feed is written for: a pre-order ends on its release date. */
  today?: string;
}

/**
 * An id within Google's 50 characters: the SKU (or the product's id) when it fits, else a digest
 * of the variant's or product's own id, which never changes while the item is sold.
 */
function feedId(preferred: string, ownId: string): string {
  const fits = (id: string) => id !== '' && id.length <= FEED_LIMITS.id;
  if (fits(preferred)) return preferred;
  if (fits(ownId)) return ownId;
  return createHash('sha256').update(ownId).digest('hex').slice(0, 40);
}

/** `Essential Tee - M` or `Signet Ring - 9ct gold, N`: the name cut short before the options. */
function titleOf(product: ProductRecord, variant: VariantRecord | undefined): string {
  const name = oneLine(product.name);
  const values = variant
    ? product.options
        .map((group) => variant.options[group.name])
        .filter((value) => value !== undefined)
        .map(oneLine)
        .join(', ')
    : '';
  if (values === '') return shortened(name, FEED_LIMITS.title);
  const suffix = ` - ${shortened(values, FEED_LIMITS.title / 2)}`;
  return `${shortened(name, FEED_LIMITS.title - suffix.length)}${suffix}`;
}

/** The variant's colour when it is chosen by colour, else the product's. */
function colourOf(product: ProductRecord, variant: VariantRecord | undefined): string | null {
  const chosen = variant
    ? Object.entries(variant.options).find(([group]) => /^colou?r$/i.test(group.trim()))
    : undefined;
  return chosen ? oneLine(chosen[1]) : product.facets.colour;
}

/** `sterling silver/moonstone`: what it is made of, its metal or cloth first, as Google joins them. */
function materialOf({ facets }: ProductRecord): string | null {
  const made = [facets.metal, facets.material, facets.stone].filter((value) => value !== null);
  return made.length === 0 ? null : made.join('/');
}

function pictureLinks(
  product: ProductRecord,
  variant: VariantRecord | undefined,
  absolute: (path: string) => string,
) {
  const urls = picturesOf(product).map((picture) => picture.url);
  const first = variant?.image ?? urls[0];
  const rest = urls.filter((url) => url !== first).slice(0, FEED_LIMITS.additionalImages);
  return {
    imageLink: first === undefined ? null : absolute(first),
    additionalImageLinks: rest.map(absolute),
  };
}

/** The feed's items of one product: one per variant, or the product's own. */
export function feedItemsOf(
  { product, department }: FeedProductRecord,
  { publicUrl, shopName, terms, today = ukDayOf(new Date()) }: FeedContext,
): FeedItem[] {
  const absolute = (path: string) => new URL(path, `${publicUrl}/`).href;
  const pageLink = `${publicUrl}/product/${encodeURIComponent(product.id)}`;
  const category = googleCategoryOf(product.category, department);
  const clothing = isClothing(product.category, department);
  const description = plainDescription(product.description, FEED_LIMITS.description);
  const brand = oneLine(product.brand) || shopName;
  const shared = {
    brand,
    googleCategory: category.id,
    productType: productTypeOf(product.category, department),
    material: materialOf(product),
    gender: clothing ? ('unisex' as const) : null,
    ageGroup: clothing ? ('adult' as const) : null,
  };

  const itemOf = (variant: VariantRecord | undefined): FeedItem => {
    const sold = variant ?? product;
    const was = sold.compareAtPence;
    const onSale = was !== null && was > sold.pricePence;
    const grams = itemWeightGrams(product, variant);
    const title = titleOf(product, variant);
    const shipping = pricedServices(terms, {
      itemsPence: sold.pricePence,
      discountedPence: sold.pricePence,
      itemCount: 1,
      weightGrams: grams,
    })
      // Collecting from the shop is not delivery: Google and Meta have no line for it.
      .filter(({ service }) => !service.collect)
      .map(({ service, pence }) => ({ service: oneLine(service.name), pence, days: service.days }));
    return {
      ...shared,
      id: variant ? feedId(variant.sku, variant.id) : feedId(product.id, product.id),
      groupId: variant ? feedId(product.id, product.id) : null,
      title,
      description: description === '' ? title : description,
      link: variant ? `${pageLink}?variant=${encodeURIComponent(variant.id)}` : pageLink,
      ...pictureLinks(product, variant, absolute),
      ...availabilityOf(product, variant, today),
      pricePence: onSale ? was : sold.pricePence,
      salePricePence: onSale ? sold.pricePence : null,
      color: colourOf(product, variant),
      size: variant ? (sizeOfOptions(variant.options) ?? null) : null,
      weightGrams: grams > 0 ? grams : null,
      shipping,
    };
  };

  return product.variants.length === 0 ? [itemOf(undefined)] : product.variants.map(itemOf);
}

/**
 * Whether an item can be bought now: made to order is in stock (it has no stock limit), a
 * pre-order is `preorder` from its release date (while its limit has some left), else its stock.
 */
function availabilityOf(
  product: ProductRecord,
  variant: VariantRecord | undefined,
  today: string,
): Pick<FeedItem, 'availability' | 'availabilityDate'> {
  const making = makingOf(product, variant, today);
  if (making?.madeToOrder) return { availability: 'in_stock', availabilityDate: null };
  if (making?.preorder) {
    return {
      availability: (product.preorder?.left ?? 0) > 0 ? 'preorder' : 'out_of_stock',
      availabilityDate: ukDayStart(making.preorder.releaseDate).toISOString(),
    };
  }
  const inStock = (variant ?? product).countInStock > 0;
  return { availability: inStock ? 'in_stock' : 'out_of_stock', availabilityDate: null };
}

/** `6500` → `65.00 GBP`: a price as both feeds write one. */
export const feedPrice = (pence: Pence): string => `${(pence / 100).toFixed(2)} GBP`;
