import * as z from 'zod/mini';
import { pageNumberSchema } from '../api';
import { reviewReplySchema } from './review-moderation';
import { REVIEW_COMMENT_MAX_LENGTH } from './reviews';
import { CATEGORIES, SHELVES } from './shelves';
import { listingFacetsSchema, listingQueryShape, productFacetsAnswerSchema } from './facets';
import { personalisationSchema } from './personalisation';

/** What can go wrong with the catalogue and reviews, and the HTTP status each answers. */
export const CATALOG_ERRORS = {
  PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  ALREADY_REVIEWED: 409,
  REVIEW_NOT_FOUND: 404,
  ALREADY_IN_STOCK: 409,
  /** A was price the item did not sell at for 28 days in a row within the last 6 months. */
  WAS_PRICE_UNFOUNDED: 400,
} as const;

export const categorySchema = z.enum(CATEGORIES);
/** What `/category/:category` and `?category=` take: a category or a department. */
export const shelfSchema = z.enum(SHELVES);

export const PRODUCTS_PER_PAGE = 12;
export const SIMILAR_PRODUCTS_LIMIT = 4;

/** Made to order: no stock limit; dispatched after `leadDays` working days (1-60). */
export const madeToOrderAnswerSchema = z.object({ leadDays: z.int() });

/**
 * On pre-order: with none in stock it sells up to `limit` units in all before `releaseDate` (a
 * UK day, `YYYY-MM-DD`), from which it is dispatched; `left` is what the limit still allows.
 */
export const preorderAnswerSchema = z.object({
  releaseDate: z.string(),
  limit: z.int(),
  left: z.int(),
});

export const optionGroupSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type OptionGroup = z.infer<typeof optionGroupSchema>;

/** Which value of each group a variant is: `{ Size: 'M' }`. */
export const variantOptionsSchema = z.record(z.string(), z.string());
export type VariantOptions = z.infer<typeof variantOptionsSchema>;

export const variantSchema = z.object({
  _id: z.string(),
  options: variantOptionsSchema,
  sku: z.string(),
  price: z.number(),
  /** The was price ("Was £80, now £60"), above the price; null when not on sale. */
  compareAtPrice: z.nullable(z.number()),
  countInStock: z.int(),
  /** Grams, packed; 0: as its product. */
  weightGrams: z.int(),
  /** One of its product's pictures (an `images[].url`), shown when the variant is chosen. */
  image: z.optional(z.string()),
  /** Made to order in its own lead time (before its product's); absent: as its product. */
  madeToOrder: z.optional(madeToOrderAnswerSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const specificationSchema = z.object({ label: z.string(), value: z.string() });
export type Specification = z.infer<typeof specificationSchema>;

/** One of a product's pictures, with the words that describe it to someone who cannot see it. */
export const productImageSchema = z.object({ url: z.string(), alt: z.string() });
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  /** The first picture's address (`images[0].url`). */
  image: z.string(),
  /**
   * Every picture in the owner's order, 1 to 8 (none only for a draft not yet saved). A product
   * saved with its one `image` and no gallery has that picture described by its name.
   */
  images: z.array(productImageSchema),
  /** Pounds; with options, the lowest of its variants' prices. */
  price: z.number(),
  /**
   * The was price ("Was £80, now £60"), above the price, one the item really sold at for 28 days
   * in a row within the 6 months before it was set; null when not on sale. With options, the
   * highest was price among the variants at the lowest price.
   */
  compareAtPrice: z.nullable(z.number()),
  description: z.string(),
  category: z.string(),
  countInStock: z.int(),
  /** Grams, packed (box included); 0 until the owner says. Decides which services may carry it. */
  weightGrams: z.int(),
  rating: z.number(),
  numReviews: z.int(),
  createdAt: z.string(),
  /** Up to three groups (`Size`, `Chain length`); empty for a product sold one way. */
  options: z.array(optionGroupSchema),
  /** One per combination sold, each with its own SKU, price and stock. */
  variants: z.array(variantSchema),
  specifications: z.array(specificationSchema),
  /** Metal, stone, colour and material from the shop's own lists, each null where none applies. */
  facets: productFacetsAnswerSchema,
  /** Made to order (no stock limit, dispatched after its lead days), or null. */
  madeToOrder: z.nullable(madeToOrderAnswerSchema),
  /** On pre-order (with none in stock, until its release date), or null. */
  preorder: z.nullable(preorderAnswerSchema),
  /**
   * What the buyer may have engraved or printed on it, its rules and price; null when it is sold
   * as it is.
   */
  personalisation: z.nullable(personalisationSchema),
});
export type Product = z.infer<typeof productSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.int(),
  comment: z.string(),
  createdAt: z.string(),
  /** Its author had a paid order of the product when they wrote it: "Verified purchase". */
  verified: z.boolean(),
  /** The shop's public reply under it, when there is one. */
  reply: z.optional(reviewReplySchema),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewBodySchema = z.object({
  rating: z
    .int({ error: 'Please choose a rating from 1 to 5' })
    .check(
      z.minimum(1, 'Please choose a rating from 1 to 5'),
      z.maximum(5, 'Please choose a rating from 1 to 5'),
    ),
  comment: z
    .string({ error: 'Please write a comment' })
    .check(
      z.trim(),
      z.minLength(1, 'Please write a comment'),
      z.maxLength(
        REVIEW_COMMENT_MAX_LENGTH,
        `Comments can be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
      ),
    ),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/**
 * `GET /api/products/:id/my-review`: the signed-in customer's own review of a product, or null.
 * Asked apart from the product, whose answer is the same for everyone, so the page can say
 * 'You reviewed this' without naming any customer.
 */
export const myReviewSchema = z.object({
  review: z.nullable(
    z.extend(reviewSchema, {
      /**
       * True while it waits for the shop to show it (new reviews held): shoppers do not see it
       * yet, nor count its rating. Absent once it is shown, or for a review never held.
       */
      waiting: z.optional(z.literal(true)),
    }),
  ),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const productDetailSchema = z.extend(productSchema, { reviews: z.array(reviewSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productPageSchema = z.object({
  products: z.array(productSchema),
  page: z.int(),
  pages: z.int(),
  /** How many products the listing holds, counted as far as its pages go (1,200 at most). */
  total: z.int(),
  /** What each filter would leave, counted with every other filter applied. */
  facets: listingFacetsSchema,
  /**
   * When a search's words as typed find nothing: a keyword that finds something ("pendant" for
   * "pendnat"). With products, they are what that keyword found (near misses are put right, so
   * a page can say "Showing results for pendant"); without, a shopper may try it ("Did you mean").
   */
  suggestion: z.optional(z.string()),
  /**
   * When a search finds nothing: the words of its keyword that no product holds and that are near
   * no word the shop uses, so a page can say which word found nothing ("hoodie").
   */
  unmatched: z.optional(z.array(z.string())),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const productListQuerySchema = z
  .object({
    keyword: z.pipe(
      z.optional(z.string()),
      z.transform((keyword) => keyword?.trim().slice(0, 100) ?? ''),
    ),
    /** A category or a department (`shelfSchema`); another word answers 404 `CATEGORY_NOT_FOUND`. */
    category: z.pipe(
      z.optional(
        z.string().check(z.trim(), z.maxLength(100, 'A category is at most 100 characters')),
      ),
      z.transform((category) => category || undefined),
    ),
    pageNumber: pageNumberSchema,
    ...listingQueryShape,
  })
  .check(
    z.refine(
      (query) =>
        query.priceMin === undefined ||
        query.priceMax === undefined ||
        query.priceMin <= query.priceMax,
      { message: 'priceMin must not be above priceMax', path: ['priceMin'] },
    ),
  );
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
