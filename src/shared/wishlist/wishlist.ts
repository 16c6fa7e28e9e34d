import * as z from 'zod/mini';
import type { Product } from '../catalog/catalog';
import { variantLabel } from '../catalog/variants';

// A shopper's wishlist: products (or one variant of a product) kept to buy later. Signed in, it
// is kept by the shop; a guest's is kept in the browser and joins the account's at sign-in. Written
// with zod/mini, as the browser checks the guest's list it keeps.

/** What can go wrong with the wishlist, and the HTTP status each answers. */
export const WISHLIST_ERRORS = {
  VARIANT_NOT_FOUND: 404,
  WISHLIST_FULL: 400,
} as const;

/** How many entries one list may hold: more than anyone browses, and a bound on what one stores. */
export const WISHLIST_LIMIT = 200;

const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

/** `/:productId` of a wishlist call. */
export const wishlistParamsSchema = z.object({ productId: idSchema });

/** `?variant=`: the variant kept, or none for the product itself. */
export const wishlistQuerySchema = z.object({ variant: z.optional(idSchema) });
export type WishlistQuery = z.infer<typeof wishlistQuerySchema>;

export const wishlistItemSchema = z.object({
  product: z.string(),
  /** The variant kept; null for the product itself (sold one way, or kept before choosing). */
  variant: z.nullable(z.string()),
  name: z.string(),
  brand: z.string(),
  /** The variant's own picture when it has one, else the product's. */
  image: z.string(),
  /** `Ring size: N`, for a variant; null otherwise. */
  variantLabel: z.nullable(z.string()),
  /** Pounds, as the catalogue prices it now; for a product whose options are not chosen, its lowest. */
  price: z.number(),
  /** Left now: of the variant, or of the product (every variant together). */
  countInStock: z.int(),
  /** The option groups still to choose before it can go in the basket (`["Ring size"]`), or none. */
  optionsToChoose: z.array(z.string()),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** The list, the entry added most recently first. */
export const wishlistSchema = z.array(wishlistItemSchema);

/** One entry as a guest's browser keeps it: what was kept and when, never its price. */
export const wishlistEntrySchema = z.object({
  product: idSchema,
  variant: z.nullable(idSchema),
  addedAt: z.string().check(z.maxLength(40)),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/**
 * An entry as the catalogue shows it now: its price, stock and picture of today, not of the day it
 * was kept. Undefined when the variant is no longer sold.
 */
export function wishlistItemOf(
  product: Product,
  variantId: string | null,
  addedAt: string,
): WishlistItem | undefined {
  const base = {
    product: product._id,
    name: product.name,
    brand: product.brand,
    addedAt,
  };
  if (variantId === null) {
    return {
      ...base,
      variant: null,
      image: product.image,
      variantLabel: null,
      price: product.price,
      countInStock: product.countInStock,
      optionsToChoose:
        product.variants.length > 0 ? product.options.map((group) => group.name) : [],
    };
  }
  const variant = product.variants.find((candidate) => candidate._id === variantId);
  if (!variant) return undefined;
  return {
    ...base,
    variant: variant._id,
    image: variant.image ?? product.image,
    variantLabel: variantLabel(product.options, variant.options),
    price: variant.price,
    countInStock: variant.countInStock,
    optionsToChoose: [],
  };
}

/** Whether two entries keep the same thing: the same product, and the same variant or none. */
export const sameEntry = (
  one: { product: string; variant: string | null },
  other: { product: string; variant: string | null },
) => one.product === other.product && one.variant === other.variant;
