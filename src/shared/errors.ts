import * as z from 'zod';
import { ACCOUNT_ERRORS } from './accounts/accounts';
import { ADDRESS_BOOK_ERRORS } from './accounts/address-book';
import { DELIVERY_ERRORS } from './delivery/delivery';
import { GIFT_CARD_ERRORS } from './gift-cards/gift-cards';
import { CATALOG_ERRORS } from './catalog/catalog';
import { PERSONALISATION_ERRORS } from './catalog/personalisation';
import { IMPORT_ERRORS, importAnswerSchema } from './exports/exports';
import { UPLOAD_ERRORS } from './catalog/images';
import { NEWSLETTER_ERRORS } from './newsletter/newsletter';
import { NEWSLETTER_SEND_ERRORS } from './newsletters/newsletters';
import { ORDER_ERRORS } from './orders/orders';
import { quoteSchema } from './orders/checkout';
import { PAYMENT_ERRORS } from './payments/payments';
import { PROMOTION_ERRORS } from './promotions/promotions';
import { SETTINGS_ERRORS } from './settings/settings';
import { STOCK_ALERT_ERRORS } from './stock-alerts/stock-alerts';
import { VARIANT_ERRORS } from './catalog/variants';
import { VAT_ERRORS } from './reports/vat';
import { VOUCHER_ERRORS } from './vouchers/vouchers';
import { WISHLIST_ERRORS } from './wishlist/wishlist';
import { KEPT_BASKET_ERRORS } from './baskets/baskets';

// Every error code the API answers, gathered from each domain's own list. This file imports the
// domains, so no domain may import it: a domain names its codes beside its schemas.

/** Errors any call may answer, whatever its domain. */
const GENERAL_ERRORS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** Every stable error code with its HTTP status; the browser may switch on a code, never on words. */
export const ERROR_STATUS = {
  ...GENERAL_ERRORS,
  ...ACCOUNT_ERRORS,
  ...ADDRESS_BOOK_ERRORS,
  ...CATALOG_ERRORS,
  ...UPLOAD_ERRORS,
  ...ORDER_ERRORS,
  ...PERSONALISATION_ERRORS,
  ...DELIVERY_ERRORS,
  ...PAYMENT_ERRORS,
  ...VOUCHER_ERRORS,
  ...GIFT_CARD_ERRORS,
  ...PROMOTION_ERRORS,
  ...NEWSLETTER_ERRORS,
  ...NEWSLETTER_SEND_ERRORS,
  ...VARIANT_ERRORS,
  ...STOCK_ALERT_ERRORS,
  ...VAT_ERRORS,
  ...IMPORT_ERRORS,
  ...WISHLIST_ERRORS,
  ...SETTINGS_ERRORS,
  ...KEPT_BASKET_ERRORS,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Every error the API answers has this shape. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z
    .enum(ERROR_CODES)
    .describe(
      `A stable word for what happened; a client may switch on it, never on the message. One of (with its HTTP status): ${ERROR_CODES.map((code) => `${code} (${ERROR_STATUS[code]})`).join(', ')}.`,
    ),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With PRICE_CHANGED: the basket as the server prices it now. */
  quote: quoteSchema.optional(),
  /** With IMPORT_REFUSED: what the file would change, and each row refused (nothing was written). */
  applied: importAnswerSchema.shape.applied.optional(),
  changes: importAnswerSchema.shape.changes.optional(),
  refusals: importAnswerSchema.shape.refusals.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
