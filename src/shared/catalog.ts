import * as z from 'zod';
import { optionGroupSchema, specificationSchema, variantSchema } from './variants';

/** What can go wrong with the catalogue and reviews, and the HTTP status each answers. */
export const CATALOG_ERRORS = {
  PRODUCT_NOT_FOUND: 404,
  CATEGORY_NOT_FOUND: 404,
  ALREADY_REVIEWED: 409,
  ALREADY_IN_STOCK: 409,
} as const;

export const CATEGORIES = [
  'pendants',
  'chains',
  'hats',
  't-shirts',
  'jumpers',
  'accessories',
] as const;
export const categorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof categorySchema>;

/**
 * Departments gather what a shopper thinks of as one kind of thing across categories: all of the
 * jewellery (pendants, chains, and rings, bangles and earrings, which name their metal) and all
 * of the knitwear (jumpers, and the hats and accessories knitted from wool).
 */
export const DEPARTMENTS = ['jewellery', 'knitwear'] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** What `/category/:category` and `?category=` take: a category or a department. */
export const shelfSchema = z.enum([...DEPARTMENTS, ...CATEGORIES]);
export type Shelf = z.infer<typeof shelfSchema>;

export const SHELF_NAMES: Record<Shelf, string> = {
  jewellery: 'Jewellery',
  knitwear: 'Knitwear',
  pendants: 'Pendants',
  chains: 'Chains',
  hats: 'Hats',
  't-shirts': 'T-shirts',
  jumpers: 'Jumpers',
  accessories: 'Accessories',
};

/** The shelf's name for a shopper; a category the shop no longer lists keeps its own words. */
export function shelfName(category: string): string {
  const parsed = shelfSchema.safeParse(category);
  return parsed.success ? SHELF_NAMES[parsed.data] : category;
}

/** A description cut to what a search result or a link preview shows, at a word. */
export function summaryOf(text: string, max = 160): string {
  const flat = text.replaceAll(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export const PRODUCTS_PER_PAGE = 12;
export const SIMILAR_PRODUCTS_LIMIT = 4;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  price: z.number(),
  description: z.string(),
  category: z.string(),
  countInStock: z.number().int(),
  rating: z.number(),
  numReviews: z.number().int(),
  createdAt: z.string(),
  /** Up to three groups (`Size`, `Chain length`); empty for a product sold one way. */
  options: z.array(optionGroupSchema),
  /** One per combination sold, each with its own SKU, price and stock. */
  variants: z.array(variantSchema),
  specifications: z.array(specificationSchema),
});
export type Product = z.infer<typeof productSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const productDetailSchema = productSchema.extend({ reviews: z.array(reviewSchema) });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productPageSchema = z.object({
  products: z.array(productSchema),
  page: z.number().int(),
  pages: z.number().int(),
  /**
   * When a search's words as typed find nothing: a keyword that finds something ("pendant" for
   * "pendnat"). With products, they are what that keyword found (near misses are put right, so
   * a page can say "Showing results for pendant"); without, a shopper may try it ("Did you mean").
   */
  suggestion: z.string().optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** A missing or unreadable page number means the first page, as the contract says. */
const pageNumber = z.preprocess((value) => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}, z.number().int().min(1));

export const productListQuerySchema = z.object({
  keyword: z
    .string()
    .optional()
    .transform((keyword) => keyword?.trim().slice(0, 100) ?? ''),
  /** A category or a department (`shelfSchema`); another word answers 404 `CATEGORY_NOT_FOUND`. */
  category: z
    .string()
    .trim()
    .max(100, 'A category is at most 100 characters')
    .optional()
    .transform((category) => category || undefined),
  pageNumber,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
