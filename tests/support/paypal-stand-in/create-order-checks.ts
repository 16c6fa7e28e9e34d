import * as z from 'zod';
import { invalidRequest, unprocessable, type Reply } from './error-replies';

const moneySchema = z.looseObject({ currency_code: z.string(), value: z.string() });
const purchaseUnitSchema = z.looseObject({
  reference_id: z.string().max(256).optional(),
  custom_id: z.string().max(127).optional(),
  amount: moneySchema.extend({ breakdown: z.record(z.string(), moneySchema).optional() }),
  items: z
    .array(
      z.looseObject({
        name: z.string().min(1).max(127),
        quantity: z.string().regex(/^[1-9]\d{0,9}$/),
        unit_amount: moneySchema,
        category: z.enum(['PHYSICAL_GOODS', 'DIGITAL_GOODS', 'DONATION']).optional(),
      }),
    )
    .optional(),
});
export type PurchaseUnit = z.infer<typeof purchaseUnitSchema>;
const verificationSchema = z
  .object({
    attributes: z
      .object({
        verification: z.object({ method: z.enum(['SCA_WHEN_REQUIRED', 'SCA_ALWAYS']) }).optional(),
      })
      .optional(),
  })
  .optional();
export const createOrderSchema = z.object({
  intent: z.string(),
  purchase_units: z.array(purchaseUnitSchema).min(1),
  /** A card or Google Pay, to be given by the buyer, checked by 3-D Secure as `verification` says. */
  payment_source: z.object({ card: verificationSchema, google_pay: verificationSchema }).optional(),
});

/** `'29.98'` → 2998, for values already checked to have two decimals. */
const pence = (value: string) => Number(value.replace('.', ''));

/** The first thing wrong with the unit's amounts, as PayPal would answer it, or undefined. */
export function amountProblem(unit: PurchaseUnit): Reply | undefined {
  const { breakdown = {} } = unit.amount;
  const amounts = [
    unit.amount,
    ...Object.values(breakdown),
    ...(unit.items ?? []).map((i) => i.unit_amount),
  ];
  const badValue = amounts.find(({ value }) => !/^\d{1,10}\.\d{2}$/.test(value));
  if (badValue) {
    return /^\d{1,10}(\.\d+)?$/.test(badValue.value)
      ? unprocessable('DECIMAL_PRECISION', `${badValue.value} must have two decimals.`)
      : invalidRequest('INVALID_PARAMETER_VALUE', `${badValue.value} is not an amount.`);
  }
  if (amounts.some(({ currency_code }) => currency_code !== unit.amount.currency_code))
    return unprocessable('CURRENCY_MISMATCH', 'All amounts must share one currency.');
  if (unit.amount.currency_code !== 'GBP')
    return unprocessable('CURRENCY_NOT_SUPPORTED', 'This merchant takes GBP only.');
  if (pence(unit.amount.value) <= 0)
    return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'The amount must be above zero.');
  return sumsProblem(unit);
}

/** PayPal's two sums: the items against item_total, and the breakdown against the value. */
function sumsProblem({ amount, items }: PurchaseUnit): Reply | undefined {
  const part = (name: string) => pence(amount.breakdown?.[name]?.value ?? '0.00');
  if (items?.length && amount.breakdown?.item_total === undefined)
    return unprocessable('ITEM_TOTAL_REQUIRED', 'Items need breakdown.item_total.');
  const itemsSum = (items ?? []).reduce(
    (sum, item) => sum + pence(item.unit_amount.value) * Number(item.quantity),
    0,
  );
  if (items?.length && itemsSum !== part('item_total'))
    return unprocessable('ITEM_TOTAL_MISMATCH', 'item_total must equal unit_amount x quantity.');
  if (!amount.breakdown) return undefined;
  const added = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'];
  const taken = ['shipping_discount', 'discount'];
  const expected =
    added.reduce((sum, name) => sum + part(name), 0) -
    taken.reduce((sum, name) => sum + part(name), 0);
  if (expected !== pence(amount.value))
    return unprocessable('AMOUNT_MISMATCH', 'The amount must equal the breakdown.');
  return undefined;
}
