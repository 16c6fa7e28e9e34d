import type { ProductUpdateBody } from '../../shared/catalog/catalog-admin';
import { penceToPounds, poundsToPence } from '../../shared/money';
import { firstImageOf } from '../../shared/catalog/gallery';
import { variantLabel } from '../../shared/catalog/variants';
import { wasPriceOfCheapest } from '../../shared/catalog/was-prices';
import type { ProductFacets } from '../../shared/catalog/facets';
import type { MadeToOrder, Preorder } from '../../shared/catalog/made-for-you';
import { offerOf, presentOffer, type Personalisation } from '../../shared/catalog/personalisation';
import type { ProductRecord } from './catalog.repository';
import { picturesOf } from './catalog.service';

/**
 * A product as the audit log keeps it and as staff's changes are checked: every field an owner
 * sets, prices in pounds, variants by SKU with their id, label, price and stock (so that an entry
 * names the very variant whose stock changed, and a variant made anew shows as one).
 */
export interface ProductFacts extends Record<string, unknown> {
  name: string;
  brand: string;
  image: string;
  images: { url: string; alt: string }[];
  price: number;
  /** The was price; null when not on sale. */
  compareAtPrice: number | null;
  description: string;
  category: string;
  countInStock: number;
  weightGrams: number;
  status: string;
  options: { name: string; values: string[] }[];
  specifications: { label: string; value: string }[];
  // Facets side by side with the other fields, so an entry shows only the one that changed.
  metal: string | null;
  stone: string | null;
  colour: string | null;
  material: string | null;
  /** Made to order, in working days; null when sold from stock. */
  madeToOrder: MadeToOrder | null;
  preorder: Preorder | null;
  /** What the buyer may have engraved, prices in pounds; null for none. */
  personalisation: Personalisation | null;
  variants: {
    /** Undefined for a variant a save would add. */
    _id: string | undefined;
    sku: string;
    /** `Size: M`. */
    label: string;
    options: Record<string, string>;
    price: number;
    compareAtPrice: number | null;
    countInStock: number;
    weightGrams: number;
    image: string | null;
    madeToOrder: MadeToOrder | null;
  }[];
}

/**
 * A save with every weight and was price said. A weight left out is what the product, or the
 * variant kept by its id, weighs now, and a new variant's is 0 (as its product). A was price left
 * out is the one the product (sold one way before and after) or the variant kept by its id has
 * now, while it is still above the price saved, and none once the price reaches it; a new
 * variant has none. With options the product's was price follows its variants, as its price does.
 * Facets, and a personalisation, left out are the ones the product has.
 */
export type SettledSave = Omit<
  ProductUpdateBody,
  | 'weightGrams'
  | 'variants'
  | 'compareAtPrice'
  | 'facets'
  | 'madeToOrder'
  | 'preorder'
  | 'personalisation'
> & {
  weightGrams: number;
  facets: ProductFacets;
  personalisation: Personalisation | null;
  compareAtPrice: number | null;
  madeToOrder: MadeToOrder | null;
  preorder: Preorder | null;
  variants: (Omit<ProductUpdateBody['variants'][number], 'compareAtPrice' | 'madeToOrder'> & {
    weightGrams: number;
    compareAtPrice: number | null;
    madeToOrder: MadeToOrder | null;
  })[];
};

/** A pre-order as the owner sets it, without what is left of it. */
const preorderSet = (preorder: Preorder | null): Preorder | null =>
  preorder && { releaseDate: preorder.releaseDate, limit: preorder.limit };

/** A was price left out of a save: the one kept, while still above the price saved. */
function keptWasPrice(wasPence: number | null | undefined, price: number): number | null {
  return wasPence !== null && wasPence !== undefined && wasPence > poundsToPence(price)
    ? penceToPounds(wasPence)
    : null;
}

export function settleSave(before: ProductRecord, body: ProductUpdateBody): SettledSave {
  const kept = new Map(before.variants.map((variant) => [variant.id, variant]));
  const variants = body.variants.map((variant) => {
    const keptVariant = variant._id === undefined ? undefined : kept.get(variant._id);
    return {
      ...variant,
      weightGrams: variant.weightGrams ?? keptVariant?.weightGrams ?? 0,
      madeToOrder:
        variant.madeToOrder === undefined
          ? (keptVariant?.madeToOrder ?? null)
          : variant.madeToOrder,
      compareAtPrice:
        variant.compareAtPrice === undefined
          ? keptWasPrice(keptVariant?.compareAtPence, variant.price)
          : variant.compareAtPrice,
    };
  });
  return {
    ...body,
    weightGrams: body.weightGrams ?? before.weightGrams,
    facets: body.facets ?? before.facets,
    madeToOrder: body.madeToOrder === undefined ? before.madeToOrder : body.madeToOrder,
    preorder: body.preorder === undefined ? preorderSet(before.preorder) : body.preorder,
    personalisation:
      body.personalisation === undefined
        ? before.personalisation && presentOffer(before.personalisation)
        : body.personalisation,
    compareAtPrice:
      variants.length > 0
        ? cheapestWasPrice(variants)
        : body.compareAtPrice === undefined
          ? keptWasPrice(before.options.length === 0 ? before.compareAtPence : null, body.price)
          : body.compareAtPrice,
    variants,
  };
}

/** With options, the product's was price: its cheapest variants' highest, in pounds. */
function cheapestWasPrice(variants: readonly { price: number; compareAtPrice: number | null }[]) {
  const was = wasPriceOfCheapest(
    variants.map((variant) => ({
      pricePence: poundsToPence(variant.price),
      compareAtPence:
        variant.compareAtPrice === null ? null : poundsToPence(variant.compareAtPrice),
    })),
  );
  return was === null ? null : penceToPounds(was);
}

/** A product's facets as their own fields, in the lists' order. */
const facetsOf = ({ metal, stone, colour, material }: ProductFacets) => ({
  metal,
  stone,
  colour,
  material,
});

const bySku = <T extends { sku: string }>(variants: T[]) =>
  [...variants].sort((a, b) => a.sku.localeCompare(b.sku));

export function factsOfProduct(product: ProductRecord): ProductFacts {
  return {
    name: product.name,
    brand: product.brand,
    image: product.image,
    images: picturesOf(product).map(({ url, alt }) => ({ url, alt })),
    price: penceToPounds(product.pricePence),
    compareAtPrice: product.compareAtPence === null ? null : penceToPounds(product.compareAtPence),
    description: product.description,
    category: product.category,
    countInStock: product.countInStock,
    weightGrams: product.weightGrams,
    status: product.status,
    options: product.options.map(({ name, values }) => ({ name, values: [...values] })),
    specifications: product.specifications.map(({ label, value }) => ({ label, value })),
    ...facetsOf(product.facets),
    madeToOrder: product.madeToOrder,
    preorder: preorderSet(product.preorder),
    personalisation: product.personalisation && presentOffer(product.personalisation),
    variants: bySku(
      product.variants.map((variant) => ({
        _id: variant.id,
        sku: variant.sku,
        label: variantLabel(product.options, variant.options),
        options: { ...variant.options },
        price: penceToPounds(variant.pricePence),
        compareAtPrice:
          variant.compareAtPence === null ? null : penceToPounds(variant.compareAtPence),
        countInStock: variant.countInStock,
        weightGrams: variant.weightGrams,
        image: variant.image,
        madeToOrder: variant.madeToOrder,
      })),
    ),
  };
}

/** Pounds as the shop keeps them (whole pence), or null. */
const poundsOrNull = (pounds: number | null) =>
  pounds === null ? null : penceToPounds(poundsToPence(pounds));

/** The product as a save would leave it; saving publishes a draft. */
export function factsOfSave(body: SettledSave): ProductFacts {
  return {
    name: body.name,
    brand: body.brand,
    image: firstImageOf(body),
    images:
      body.images.length > 0
        ? body.images.map(({ url, alt }) => ({ url, alt }))
        : [{ url: firstImageOf(body), alt: body.name }],
    price: penceToPounds(poundsToPence(body.price)),
    compareAtPrice: poundsOrNull(body.compareAtPrice),
    description: body.description,
    category: body.category,
    countInStock: body.countInStock,
    weightGrams: body.weightGrams,
    status: 'live',
    options: body.options.map(({ name, values }) => ({ name, values: [...values] })),
    specifications: body.specifications.map(({ label, value }) => ({ label, value })),
    ...facetsOf(body.facets),
    madeToOrder: body.madeToOrder,
    preorder: body.preorder,
    personalisation: body.personalisation && offerFacts(body.personalisation),
    variants: bySku(
      body.variants.map((variant) => ({
        _id: variant._id,
        sku: variant.sku,
        label: variantLabel(body.options, variant.options),
        options: { ...variant.options },
        price: penceToPounds(poundsToPence(variant.price)),
        compareAtPrice: poundsOrNull(variant.compareAtPrice),
        countInStock: variant.countInStock,
        weightGrams: variant.weightGrams,
        image: variant.image ?? null,
        madeToOrder: variant.madeToOrder,
      })),
    ),
  };
}

/** A personalisation saved, its prices in whole pence as the shop keeps them. */
const offerFacts = (offer: Personalisation): Personalisation => presentOffer(offerOf(offer));

/** The facts with stock left out: what staff may not change. */
function withoutStock(facts: ProductFacts) {
  return {
    ...facts,
    countInStock: undefined,
    variants: facts.variants.map((variant) => ({ ...variant, countInStock: undefined })),
  };
}

/** Whether a save changes anything of a product but its stock. */
export const changesMoreThanStock = (before: ProductFacts, after: ProductFacts) =>
  JSON.stringify(withoutStock(before)) !== JSON.stringify(withoutStock(after));

/**
 * Whether a save keeps each of a product's variants by its id, in its place: one sent without its
 * id would be made anew (and a wishlist entry or alert for the old one lost), and ids sent in
 * another order would hand one variant's orders and alerts to another.
 */
export const keepsVariants = (product: ProductRecord, body: ProductUpdateBody) =>
  body.variants.length === product.variants.length &&
  body.variants.every((variant, place) => variant._id === product.variants[place]?.id);
