import * as z from 'zod';
import { isoDateSchema } from '../dates';
import { shortTextSchema } from '../fields';
import { checkOfferFields, offerFieldsSchema, offerSchema } from '../promotions/offers';

/** What can go wrong with a voucher, at checkout or in the back office, and the HTTP status of each. */
export const VOUCHER_ERRORS = {
  VOUCHER_NOT_FOUND: 404,
  VOUCHER_EXPIRED: 404,
  VOUCHER_MIN_SPEND: 409,
  VOUCHER_USED_UP: 409,
  VOUCHER_ALREADY_USED: 409,
  VOUCHER_CODE_TAKEN: 409,
  VOUCHER_NOT_APPLICABLE: 409,
} as const;

export const voucherSchema = offerSchema.extend({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  expires: z.string(),
  /** Before it the code answers as unknown; null: from when it was saved. */
  starts: z.string().nullable(),
  /** How many orders may use it in all; null for no limit. */
  maxUses: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  /** Whether it applies beside a promotion rather than instead of one. */
  stacks: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** The day or moment a voucher starts; a save may leave it out, or send null, for none. */
export const voucherStartsSchema = isoDateSchema('The start date');

/** How many orders may use a voucher in all, or null for no limit. */
export const maxUsesSchema = z
  .number({ error: 'The use limit must be a number of orders' })
  .int('The use limit must be a whole number of orders')
  .min(1, 'The use limit must be at least 1 order')
  .max(1_000_000, 'The use limit is too large')
  .nullable();

/** A voucher's fields, before they are judged together (a form extends these). */
export const voucherFieldsSchema = offerFieldsSchema.extend({
  name: shortTextSchema('a name'),
  code: shortTextSchema('a code').check(
    z.refine((code) => /^[\w-]+$/.test(code), {
      error: 'Codes can use letters, digits, - and _ only',
    }),
  ),
  /** A day (`2026-12-31`, valid to the end of that day) or a date and time, ISO 8601 only. */
  expires: isoDateSchema('The expiry date', 'Please choose an expiry date'),
  /** A day (valid from its start) or a date and time; absent or null: from when it is saved. */
  starts: z.preprocess((value) => value ?? undefined, voucherStartsSchema.optional()),
  /** How many orders may use it in all; absent or null for no limit. */
  maxUses: maxUsesSchema.optional().default(null),
  oncePerCustomer: z
    .boolean({ error: 'Once per customer must be yes or no' })
    .optional()
    .default(false),
  stacks: z.boolean({ error: 'Stacking must be yes or no' }).optional().default(false),
});

/** A voucher as a save sends it, each kind with what it needs (checkOfferFields). */
export const voucherUpdateBodySchema = voucherFieldsSchema.superRefine(checkOfferFields);
export type VoucherUpdateBody = z.infer<typeof voucherUpdateBodySchema>;

/** A voucher as admins see it: with whether shoppers can use it yet. */
export const adminVoucherSchema = voucherSchema.extend({ status: z.enum(['draft', 'live']) });
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;

export const voucherPageSchema = z.object({
  vouchers: z.array(adminVoucherSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type VoucherPage = z.infer<typeof voucherPageSchema>;
