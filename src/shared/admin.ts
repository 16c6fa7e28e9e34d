import * as z from 'zod';
import { isoDateSchema } from './dates';
import { categorySchema, productSchema } from './catalog';
import { shortTextSchema } from './fields';
import { orderSchema, voucherSchema } from './orders';
import { userSchema } from './users';
import { MAX_OPTION_GROUPS, MAX_OPTION_VALUES, MAX_SPECIFICATIONS, MAX_VARIANTS } from './variants';

/** Money typed by the shop owner: pounds, at most two decimals. */
function poundsSchema(label: string, { aboveZero }: { aboveZero: boolean }) {
  const amount = z
    .number({ error: `${label} must be a number` })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: `${label} can have at most two decimals`,
    })
    .max(1_000_000, `${label} is too large`);
  return aboveZero
    ? amount.gt(0, `${label} must be more than £0.00`)
    : amount.min(0, `${label} cannot be negative`);
}

export const PRODUCT_DESCRIPTION_MAX_LENGTH = 2000;

function boundedText(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `That ${label.replace(/^(a|an) /, '')} is too long (${max} characters at most)`);
}

const stockSchema = z
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

const variantBodySchema = z.object({
  /** Present to keep a variant (its orders and alerts follow it), absent to add one. */
  _id: z.string().min(1).max(64).optional(),
  options: z.record(z.string().max(30), z.string().trim().max(30), {
    error: 'Each variant names its options',
  }),
  sku: boundedText('a SKU', 64),
  price: poundsSchema('The price', { aboveZero: true }),
  countInStock: stockSchema,
});
export type VariantBody = z.infer<typeof variantBodySchema>;

const specificationBodySchema = z.object({
  label: boundedText('a label', 50),
  value: boundedText('a value', 200),
});

export const productUpdateBodySchema = z.object({
  name: shortTextSchema('a name'),
  price: poundsSchema('The price', { aboveZero: true }),
  image: z
    .string({ error: 'Please choose an image' })
    .trim()
    .min(1, 'Please choose an image')
    .max(500, 'That image address is too long')
    .refine((value) => /^(\/uploads\/[\w.-]+|https:\/\/\S+)$/.test(value), {
      error: 'The image must be an uploaded picture or an https:// address',
    }),
  brand: shortTextSchema('a brand'),
  category: categorySchema,
  countInStock: stockSchema,
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
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** A voucher's minimum spend in pounds, or null for none. */
export const minSpendSchema = poundsSchema('The minimum spend', { aboveZero: false }).nullable();
/** How many orders may use a voucher in all, or null for no limit. */
export const maxUsesSchema = z
  .number({ error: 'The use limit must be a number of orders' })
  .int('The use limit must be a whole number of orders')
  .min(1, 'The use limit must be at least 1 order')
  .max(1_000_000, 'The use limit is too large')
  .nullable();

export const voucherUpdateBodySchema = z.object({
  name: shortTextSchema('a name'),
  code: shortTextSchema('a code').check(
    z.refine((code) => /^[\w-]+$/.test(code), {
      error: 'Codes can use letters, digits, - and _ only',
    }),
  ),
  discount: poundsSchema('The discount', { aboveZero: true }),
  /** A day (`2026-12-31`, valid to the end of that day) or a date and time, ISO 8601 only. */
  expires: isoDateSchema('The expiry date', 'Please choose an expiry date'),
  /** The items price an order must reach; absent or null for none. */
  minSpend: minSpendSchema.optional().default(null),
  /** How many orders may use it in all; absent or null for no limit. */
  maxUses: maxUsesSchema.optional().default(null),
  oncePerCustomer: z
    .boolean({ error: 'Once per customer must be yes or no' })
    .optional()
    .default(false),
});
export type VoucherUpdateBody = z.infer<typeof voucherUpdateBodySchema>;

export const adminVoucherSchema = voucherSchema.extend({ status: z.enum(['draft', 'live']) });
export type AdminVoucher = z.infer<typeof adminVoucherSchema>;

export const voucherPageSchema = z.object({
  vouchers: z.array(adminVoucherSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type VoucherPage = z.infer<typeof voucherPageSchema>;

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** When they confirmed with the mailed link (their consent); null while they have not. */
  confirmedAt: z.string().nullable(),
});
export const subscriberPageSchema = z.object({
  subscribers: z.array(subscriberSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

/** One page of every order in the shop, newest first. */
export const adminOrderPageSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** One page of every account, newest first. */
export const adminUserPageSchema = z.object({
  users: z.array(userSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const ADMIN_PAGE_SIZE = 20;

/** What can go wrong in the back office's own calls, and the HTTP status each answers. */
export const ADMIN_ERRORS = {
  VOUCHER_CODE_TAKEN: 409,
} as const;
