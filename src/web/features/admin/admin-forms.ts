import * as z from 'zod';
import {
  maxUsesSchema,
  minSpendSchema,
  productUpdateBodySchema,
  voucherUpdateBodySchema,
} from '../../../shared/admin';

/**
 * The back office forms' own schemas: the API's body schemas from `src/shared`, with the numbers
 * as the text fields hold them. A blank field is asked for; anything else is turned into a number
 * and judged by the API's own rule, so the form and the server say the same words.
 */
function typedNumber(blank: string, schema: z.ZodType<number, number>) {
  return z.string().trim().min(1, blank).transform(Number).pipe(schema);
}

export const productFormSchema = productUpdateBodySchema.extend({
  price: typedNumber('Please enter a price', productUpdateBodySchema.shape.price),
  countInStock: typedNumber(
    'Please enter how many are in stock',
    productUpdateBodySchema.shape.countInStock,
  ),
});
export type ProductFormValues = z.input<typeof productFormSchema>;

/** An optional number: blank means none (null), anything else is judged by the API's rule. */
function optionalNumber(schema: z.ZodType<number | null, number | null>) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(schema);
}

export const voucherFormSchema = voucherUpdateBodySchema.extend({
  discount: typedNumber('Please enter the discount', voucherUpdateBodySchema.shape.discount),
  minSpend: optionalNumber(minSpendSchema),
  maxUses: optionalNumber(maxUsesSchema),
  oncePerCustomer: z.boolean(),
});
export type VoucherFormValues = z.input<typeof voucherFormSchema>;

const ukDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The UK day of an ISO time as a date input holds it (`2026-12-31`). The server keeps a voucher
 * valid to the end of its day, UK time, so the day round-trips unchanged.
 */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    ukDay.formatToParts(date).find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A money amount as a text field shows it: blank for nothing yet, else two decimals. */
export const poundsText = (pounds: number): string => (pounds > 0 ? pounds.toFixed(2) : '');
