import * as z from 'zod';
import { categorySchema, productSchema } from './catalog';
import { pageNumberSchema } from '../api';
import { blankAsMissing, searchWordsSchema, shortTextSchema } from '../fields';
import { poundsSchema } from '../pounds';
import { daySchema, weightGramsSchema } from '../delivery/delivery-settings';
import { LEAD_DAYS, PREORDER_LIMIT_MOST } from './made-for-you';
import { IMAGE_ALT_MAX_LENGTH, MAX_PRODUCT_IMAGES } from './gallery';
import { productFacetsSchema } from './facets';
import {
  PERSONALISATION_CHARACTERS,
  PERSONALISATION_LABEL_MAX_LENGTH,
  PERSONALISATION_MAX_LINE_LENGTH,
  PERSONALISATION_MAX_LINES,
} from './personalisation';
import { MAX_OPTION_GROUPS, MAX_OPTION_VALUES, MAX_SPECIFICATIONS, MAX_VARIANTS } from './variants';

// The catalogue as the back office sees and edits it: a product with whether shoppers can see it
// yet, and the body that saves one.

const PRODUCT_DESCRIPTION_MAX_LENGTH = 2000;

function boundedText(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `That ${label.replace(/^(a|an) /, '')} is too long (${max} characters at most)`);
}

/** How many of something are in stock, as the owner sets it on a product or in a price list. */
export const stockSchema = z
  .number({ error: 'The stock must be a number' })
  .int('The stock must be a whole number')
  .min(0, 'The stock cannot be negative')
  .max(1_000_000, 'The stock is too large');

const optionGroupBodySchema = z.object({
  name: boundedText('an option name', 30),
  values: z
    .array(boundedText('an option value', 30), { error: 'Each option needs its values' })
    .min(1, 'Each option needs at least one value')
    .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values`)
    .refine((values) => new Set(values).size === values.length, {
      error: 'An option lists each value once',
    }),
});

/** An uploaded picture's address, or a picture elsewhere on the web. */
export const imageAddressSchema = z
  .string({ error: 'Please choose an image' })
  .trim()
  .min(1, 'Please choose an image')
  .max(500, 'That image address is too long')
  .refine((value) => /^(\/uploads\/[\w.-]+|https:\/\/\S+)$/.test(value), {
    error: 'The image must be an uploaded picture or an https:// address',
  });

const productImageBodySchema = z.object({
  url: imageAddressSchema,
  alt: z
    .string({ error: 'Please describe the picture for those who cannot see it' })
    .trim()
    .min(1, 'Please describe the picture for those who cannot see it')
    .max(
      IMAGE_ALT_MAX_LENGTH,
      `That description is too long (${IMAGE_ALT_MAX_LENGTH} characters at most)`,
    ),
});

/**
 * A was price as typed: pounds, above £0, or null for none; left out, the one there is stays
 * while it is still above the price.
 */
const wasPriceSchema = poundsSchema('The was price', { aboveZero: true }).nullable().optional();

const leadDaysMessage = `The lead time must be a whole number of working days from ${LEAD_DAYS.fewest} to ${LEAD_DAYS.most}`;

/** Made to order: `{ leadDays }`, 1-60 working days; null for sold from stock. */
export const madeToOrderBodySchema = z.object(
  {
    leadDays: z
      .number({ error: leadDaysMessage })
      .int(leadDaysMessage)
      .min(LEAD_DAYS.fewest, leadDaysMessage)
      .max(LEAD_DAYS.most, leadDaysMessage),
  },
  { error: 'Made to order takes { leadDays }, or null' },
);

const preorderLimitMessage = `The pre-order limit must be a whole number from 1 to ${PREORDER_LIMIT_MOST}`;

/** A pre-order: `{ releaseDate, limit }`; null for none. */
export const preorderBodySchema = z.object(
  {
    releaseDate: daySchema('The release date'),
    limit: z
      .number({ error: preorderLimitMessage })
      .int(preorderLimitMessage)
      .min(1, preorderLimitMessage)
      .max(PREORDER_LIMIT_MOST, preorderLimitMessage),
  },
  { error: 'A pre-order takes { releaseDate, limit }, or null' },
);

const variantBodySchema = z.object({
  /** Present to keep a variant (its orders and alerts follow it), absent to add one. */
  _id: z.string().min(1).max(64).optional(),
  options: z.record(z.string().max(30), z.string().trim().max(30), {
    error: 'Each variant names its options',
  }),
  sku: boundedText('a SKU', 64),
  price: poundsSchema('The price', { aboveZero: true }),
  /**
   * The was price, above the price, that the variant sold at for 28 days in a row within the last
   * 6 months; null for none. Left out, a kept variant keeps its was price while it is still above
   * the price, and a new one has none.
   */
  compareAtPrice: wasPriceSchema,
  countInStock: stockSchema,
  /**
   * Grams, packed; 0 weighs it as its product. Left out, a kept variant keeps its weight and a new
   * one weighs as its product.
   */
  weightGrams: weightGramsSchema.optional(),
  /** One of the product's pictures, shown when the variant is chosen; none (null) by default. */
  image: imageAddressSchema.nullable().optional(),
  /**
   * Made to order in the variant's own lead time (`{ leadDays }`), or null: as its product. Left
   * out, a kept variant keeps its own and a new one has none.
   */
  madeToOrder: madeToOrderBodySchema.nullable().optional(),
});

const specificationBodySchema = z.object({
  label: boundedText('a label', 50),
  value: boundedText('a value', 200),
});

/** What the owner offers to personalise: see `personalisationSchema`. */
export const personalisationBodySchema = z.object(
  {
    label: boundedText('a name for the personalisation', PERSONALISATION_LABEL_MAX_LENGTH),
    maxLength: z
      .number({ error: 'The characters a line holds must be a number' })
      .int('The characters a line holds must be a whole number')
      .min(1, 'A line holds at least 1 character')
      .max(
        PERSONALISATION_MAX_LINE_LENGTH,
        `A line holds at most ${PERSONALISATION_MAX_LINE_LENGTH} characters`,
      ),
    lines: z
      .number({ error: 'The lines must be a number' })
      .int('The lines must be a whole number')
      .min(1, 'At least 1 line')
      .max(PERSONALISATION_MAX_LINES, `At most ${PERSONALISATION_MAX_LINES} lines`),
    characters: z.enum(PERSONALISATION_CHARACTERS, {
      error: `The characters must be one of ${PERSONALISATION_CHARACTERS.join(', ')}`,
    }),
    price: poundsSchema('The personalisation price', { aboveZero: false }),
    pricePerCharacter: poundsSchema('The price per character', { aboveZero: false }),
    required: z.boolean({ error: 'Required is true or false' }).optional().default(false),
  },
  { error: 'The personalisation is described by its label, lines, characters and prices' },
);
export type PersonalisationBody = z.infer<typeof personalisationBodySchema>;

export const productUpdateBodySchema = z.object({
  name: shortTextSchema('a name'),
  price: poundsSchema('The price', { aboveZero: true }),
  /**
   * Sold one way: the was price ("Was £80, now £60"), above the price, that the product sold at
   * for 28 days in a row within the last 6 months (else 400 `WAS_PRICE_UNFOUNDED`); null for none.
   * Left out, the one there is stays while it is still above the price, and ends once the price
   * reaches it. With options the product's was price follows its variants' and this is not used.
   */
  compareAtPrice: wasPriceSchema,
  /** The first picture; with `images`, it may be left out (and must be their first if sent). */
  image: imageAddressSchema.optional(),
  /** Up to eight pictures in order, each described; none keeps the product to its one `image`. */
  images: z
    .array(productImageBodySchema, { error: 'The pictures must be a list' })
    .max(MAX_PRODUCT_IMAGES, `A product can have at most ${MAX_PRODUCT_IMAGES} pictures`)
    .optional()
    .default([]),
  brand: shortTextSchema('a brand'),
  category: categorySchema,
  countInStock: stockSchema,
  /** Grams, packed (box included), 0 to 30000; left out, the product keeps its weight. */
  weightGrams: weightGramsSchema.optional(),
  description: z
    .string({ error: 'Please write a description' })
    .trim()
    .min(1, 'Please write a description')
    .max(
      PRODUCT_DESCRIPTION_MAX_LENGTH,
      `Descriptions can be at most ${PRODUCT_DESCRIPTION_MAX_LENGTH} characters`,
    ),
  /** With options the product's price and stock follow its variants. */
  options: z
    .array(optionGroupBodySchema)
    .max(MAX_OPTION_GROUPS, `A product can have at most ${MAX_OPTION_GROUPS} options`)
    .refine(
      (groups) => new Set(groups.map((group) => group.name.toLowerCase())).size === groups.length,
      { error: 'Each option needs its own name' },
    )
    .optional()
    .default([]),
  variants: z
    .array(variantBodySchema)
    .max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants`)
    .optional()
    .default([]),
  specifications: z
    .array(specificationBodySchema)
    .max(MAX_SPECIFICATIONS, `A product can have at most ${MAX_SPECIFICATIONS} specifications`)
    .optional()
    .default([]),
  /**
   * What shoppers filter by: `{ metal, stone, colour, material }`, each a value of the shop's
   * lists (any case, hyphens for spaces) or null for none, all four given. Left out, the product
   * keeps the ones it has, so a client that knows nothing of them changes none.
   */
  facets: z.optional(productFacetsSchema),
  /**
   * Made to order: `{ leadDays }` (1-60 working days), sold with no stock limit and dispatched
   * after its lead days; null for sold from stock. Left out, the product keeps what it has.
   */
  madeToOrder: madeToOrderBodySchema.nullable().optional(),
  /**
   * On pre-order: `{ releaseDate, limit }`; with none in stock it sells up to `limit` units in all
   * before `releaseDate`, dispatched from it. Null for none; left out, the product keeps it. A new
   * release date counts the units sold afresh. Not with `madeToOrder` (400).
   */
  preorder: preorderBodySchema.nullable().optional(),
  /**
   * What the buyer may have engraved or printed on it: `{ label, maxLength, lines, characters,
   * price, pricePerCharacter, required }`, or null for none. Left out, the product keeps what it
   * offers.
   */
  personalisation: personalisationBodySchema.nullable().optional(),
});
export type ProductUpdateBody = z.infer<typeof productUpdateBodySchema>;

/** A product as admins see it: with whether shoppers can see it yet. */
export const adminProductSchema = z.object({
  ...productSchema.shape,
  status: z.enum(['draft', 'live']),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductPageSchema = z.object({
  products: z.array(adminProductSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** What the back office's product list can be narrowed to by stock. */
export const STOCK_FILTERS = ['in_stock', 'low', 'sold_out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/**
 * The back office's product list: words in a name, brand or SKU; a category; products in stock,
 * running low (a variant, or the product, at or below LOW_STOCK) or with something sold out.
 */
export const adminProductQuerySchema = z.object({
  q: searchWordsSchema,
  category: z.preprocess(blankAsMissing, z.optional(categorySchema)),
  stock: z.preprocess(
    blankAsMissing,
    z
      .enum(STOCK_FILTERS, { error: `The stock filter must be one of ${STOCK_FILTERS.join(', ')}` })
      .optional(),
  ),
  pageNumber: pageNumberSchema,
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** `?variant=`: a variant's id for its own history; left out (or empty), the product's own. */
export const priceHistoryQuerySchema = z.object({
  variant: z.preprocess(
    blankAsMissing,
    z
      .string({ error: 'The variant must be an id' })
      .max(64, 'That variant id is too long')
      .optional(),
  ),
});
export type PriceHistoryQuery = z.infer<typeof priceHistoryQuerySchema>;

/** One stretch of time an item sold at one price. */
export const pricePeriodSchema = z.object({
  /** Pounds. */
  price: z.number(),
  /** ISO 8601: when it began to sell at this price. */
  from: z.string(),
  /** ISO 8601: when it stopped; null for the price now. */
  to: z.string().nullable(),
});
export type PricePeriodAnswer = z.infer<typeof pricePeriodSchema>;

/** `GET /api/products/:id/price-history`: every price the item sold at, oldest first. */
export const priceHistorySchema = z.object({ periods: z.array(pricePeriodSchema) });
export type PriceHistory = z.infer<typeof priceHistorySchema>;
