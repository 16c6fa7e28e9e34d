import * as z from 'zod';
import { ACCOUNT_ERRORS } from './accounts';
import { ADMIN_ERRORS } from './admin';
import { CATALOG_ERRORS } from './catalog';
import { UPLOAD_ERRORS } from './images';
import { NEWSLETTER_ERRORS } from './newsletter';
import { ORDER_ERRORS, quoteSchema } from './orders';
import { STOCK_ALERT_ERRORS } from './stock-alerts';
import { VARIANT_ERRORS } from './variants';

export const messageSchema = z.object({ message: z.string() });
/** An answer that is one sentence for the shopper. */
export type Message = z.infer<typeof messageSchema>;

export const PAYMENT_PROVIDERS = ['paypal', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  clientId: z.string(),
  currency: z.literal('GBP'),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** Who sells: the trader's identity, as the law asks a distance seller to give it. */
export const shopIdentitySchema = z.object({
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  vatNumber: z.string(),
  companyNumber: z.string(),
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;

/**
 * Errors any call may answer, whatever its domain. Each domain lists its own codes (words that say
 * what happened) beside its schemas; together they are every code the API answers.
 */
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
  ...CATALOG_ERRORS,
  ...UPLOAD_ERRORS,
  ...ORDER_ERRORS,
  ...ADMIN_ERRORS,
  ...NEWSLETTER_ERRORS,
  ...VARIANT_ERRORS,
  ...STOCK_ALERT_ERRORS,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Every error the API answers has this shape. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z
    .string()
    .describe(
      `A stable word for what happened; a client may switch on it, never on the message. One of (with its HTTP status): ${ERROR_CODES.map((code) => `${code} (${ERROR_STATUS[code]})`).join(', ')}.`,
    ),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With PRICE_CHANGED: the basket as the server prices it now. */
  quote: quoteSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
