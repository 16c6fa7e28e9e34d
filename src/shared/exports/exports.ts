import * as z from 'zod';
import { dayRangeSchema, daysInOrder, daysOutOfOrder } from '../dates';

// The owner's files: orders for the accountant and products for a stock-take as CSV downloads,
// and a price list changed in a spreadsheet loaded back.

/** What can go wrong with an import, and the HTTP status it answers. */
export const IMPORT_ERRORS = {
  IMPORT_REFUSED: 400,
} as const;

/**
 * A row refused because its variant's stock moved (sold, or changed) since the file was exported,
 * while the row sets another: applying it would undo what happened meanwhile.
 */
export const STOCK_MOVED = 'STOCK_MOVED';

/** The orders file: a row per order line; the order's own figures repeated on each of its lines. */
export const ORDER_EXPORT_COLUMNS = [
  'order',
  'paid_date',
  'status',
  'email',
  'recipient',
  'postcode',
  'product',
  'sku',
  'variant',
  'quantity',
  'unit_price',
  'line_total',
  'shipping',
  'discount',
  'gift_wrap',
  'total',
  'vat',
  'refunded',
] as const;

/**
 * The products file: a row per variant, or per product sold one way. `stock` is the one to change;
 * `exported_stock` keeps what the shop held as the file was made, so that an import can tell a
 * stock the owner changed from one that sold since. `compare_at_price` is the was price, empty
 * when not on sale. `metal`, `stone`, `colour` and `material` are the product's facets, repeated on
 * each of its variants' rows, empty for none; `personalisation` says in words what the buyer may
 * have engraved, for people to read (an import leaves it as it is).
 */
export const PRODUCT_EXPORT_COLUMNS = [
  'product',
  'name',
  'brand',
  'category',
  'sku',
  'options',
  'price',
  'compare_at_price',
  'stock',
  'exported_stock',
  'metal',
  'stone',
  'colour',
  'material',
  'personalisation',
] as const;

/** The columns an import must have; the others are there for people and are left as they are. */
export const IMPORT_COLUMNS = ['product', 'sku', 'price', 'stock'] as const;

/** The column an import reads when it is there: files exported before it was added lack it. */
export const EXPORTED_STOCK_COLUMN = 'exported_stock';

/**
 * The was price's column, read when it is there: an empty cell ends a sale, and a file without
 * the column (exported before it) keeps each was price while it is still above the price.
 */
export const COMPARE_AT_PRICE_COLUMN = 'compare_at_price';

/** A row refused because the was price it sets was not the item's price for 28 days in a row. */
export const WAS_PRICE_UNFOUNDED = 'WAS_PRICE_UNFOUNDED';

/** `?from=&to=`: the UK days the orders were paid, both included; either may be left out. */
export const ordersExportQuerySchema = z
  .object({ ...dayRangeSchema })
  .refine(daysInOrder, daysOutOfOrder());
export type OrdersExportQuery = z.infer<typeof ordersExportQuerySchema>;

/** `orders-2026-11-01-to-2026-11-30.csv`: the file's name says the days it holds. */
export function ordersFileName({ from, to }: OrdersExportQuery): string {
  if (from !== undefined && to !== undefined) return `orders-${from}-to-${to}.csv`;
  if (from !== undefined) return `orders-from-${from}.csv`;
  if (to !== undefined) return `orders-to-${to}.csv`;
  return 'orders.csv';
}

export const PRODUCTS_FILE_NAME = 'products.csv';

/** How large a price list may be. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true (check only) or false (apply)' })
    .transform((value) => value === 'true'),
});

/** One value a row of the file changes. */
export const importChangeSchema = z.object({
  /** The row of the file, as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The variant's SKU; null for a product sold one way. */
  sku: z.string().nullable(),
  product: z.string(),
  /** The product's name, with the variant's options: `Breton Tee (Size: M)`. */
  name: z.string(),
  field: z.enum(['price', 'compareAtPrice', 'stock', 'metal', 'stone', 'colour', 'material']),
  /**
   * Pounds for a price or was price (null: no was price), a count for stock, a value of the shop's
   * list for a facet (null: none).
   */
  from: z.union([z.nullable(z.number()), z.string()]),
  to: z.union([z.nullable(z.number()), z.string()]),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/** A row that cannot be applied, and why. */
export const importRefusalSchema = z.object({
  row: z.number().int(),
  message: z.string(),
  /**
   * `STOCK_MOVED` for a row whose stock sold or changed since the export; `WAS_PRICE_UNFOUNDED`
   * for a was price the item did not sell at for 28 days in a row within the last 6 months;
   * absent otherwise.
   */
  code: z.enum([STOCK_MOVED, WAS_PRICE_UNFOUNDED]).optional(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** What an import found, and whether it was applied. */
export const importAnswerSchema = z.object({
  /** True only when this call wrote the changes: not a dry run, nothing refused, something to do. */
  applied: z.boolean(),
  changes: z.array(importChangeSchema),
  refusals: z.array(importRefusalSchema),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
