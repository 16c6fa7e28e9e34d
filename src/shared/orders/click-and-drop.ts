import * as z from 'zod';
import { MAX_DISPATCH_LINES } from './order-desk';

// Royal Mail Click & Drop by file, with no account keys: the orders to post written in Click &
// Drop's own order import format, and the file of despatched orders it gives back read in, which
// dispatches each order with its tracking number.

/**
 * The export's columns, named as Click & Drop's order import reads them ("Order Import
 * spreadsheet field specifications"): it maps them by name.
 */
export const CLICK_AND_DROP_COLUMNS = [
  'Order reference',
  'Date',
  'First name',
  'Last name',
  'Address line 1',
  'Address line 2',
  'Address line 3',
  'City',
  'County',
  'Postcode',
  'Country',
  'Email',
  'Phone',
  'Weight',
  'Package size',
  'Sub-total',
  'Shipping cost',
  'Total',
  'Currency code',
  'Service code',
  'Special instructions',
] as const;

/** What the `Special instructions` of a gift say: never its message, which is the recipient's. */
export const GIFT_INSTRUCTION = 'Gift';

/** A parcel up to this weight goes as a small parcel; a heavier one as a medium parcel. */
export const SMALL_PARCEL_GRAMS = 2000;

/**
 * `?orders=<id>,...` (the orders ticked, in that order) or `?status=paid` (every order waiting to
 * be posted, oldest first): one or the other.
 */
export const clickAndDropQuerySchema = z
  .object({
    orders: z
      .string()
      .transform((list) => [
        ...new Set(
          list
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.string().max(64, 'That is not an order'))
          .min(1, 'Please choose the orders to export')
          .max(MAX_DISPATCH_LINES, `At most ${MAX_DISPATCH_LINES} orders can be exported at once`),
      )
      .optional(),
    status: z
      .enum(['paid'], { error: 'The status to export is paid: the orders waiting to be posted' })
      .optional(),
  })
  .refine((query) => (query.orders === undefined) !== (query.status === undefined), {
    error: 'Choose the orders to export, or status=paid for every order waiting to be posted',
    path: ['orders'],
  });
export type ClickAndDropQuery = z.infer<typeof clickAndDropQuerySchema>;

/** `click-and-drop-2026-11-30.csv`: the UK day it was made. */
export const clickAndDropFileName = (day: string) => `click-and-drop-${day}.csv`;

/**
 * The columns of Click & Drop's despatched orders a tracking import reads. The first two it must
 * have; the others it uses when they are there.
 */
export const TRACKING_COLUMNS = {
  reference: 'Order reference',
  trackingNumber: 'Tracking number',
  service: 'Service',
  despatchDate: 'Despatch date',
} as const;

/** A row of the file that dispatches nothing, and why. */
export const trackingRefusalSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The order reference the row gives, as written (empty when it gives none). */
  reference: z.string(),
  message: z.string(),
});
export type TrackingRefusal = z.infer<typeof trackingRefusalSchema>;

/** What a tracking import did, or, in a dry run, would do. */
export const trackingImportAnswerSchema = z.object({
  /** The order numbers dispatched (would be, in a dry run), in the file's order. */
  dispatched: z.array(z.string()),
  /** The order numbers already dispatched with the same tracking number: nothing to do. */
  unchanged: z.array(z.string()),
  refused: z.array(trackingRefusalSchema),
});
export type TrackingImportAnswer = z.infer<typeof trackingImportAnswerSchema>;
