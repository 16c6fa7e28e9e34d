import * as z from 'zod';
import { ADMIN_ERRORS } from './admin';
import { ORDER_ERRORS, quoteSchema } from './orders';

/** Every error the API answers has this shape. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With PRICE_CHANGED: the basket as the server prices it now. */
  quote: quoteSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageSchema = z.object({ message: z.string() });

export const PAYMENT_PROVIDERS = ['paypal', 'test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  clientId: z.string(),
  currency: z.literal('GBP'),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

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
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

/** Every stable error code with its HTTP status; the browser may switch on a code, never on words. */
export const ERROR_STATUS = { ...GENERAL_ERRORS, ...ORDER_ERRORS, ...ADMIN_ERRORS } as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
