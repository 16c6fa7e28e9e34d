import * as z from 'zod';
import { RETURN_KINDS, RETURN_OUTCOMES } from './order-status';
import { isCleanText } from '../text';
import { MAX_ORDER_LINES, orderLineBodySchema, orderLinesSchema } from './checkout';

// What the shop and the customer ask of an order once it is paid: a return, its closing, a refund
// and an exchange.

/** Text of several lines, trimmed, up to `max` characters, with no control characters. */
export function multilineText(what: string, max: number) {
  return z
    .string({ error: `Please give ${what}` })
    .trim()
    .min(1, `Please give ${what}`)
    .max(max, `The ${what.replace(/^(a|an|the) /, '')} can be at most ${max} characters`)
    .refine((value) => isCleanText(value, { multiline: true }), {
      error: 'That text holds a character that cannot be used',
    });
}

export const returnBodySchema = z.object({
  reason: multilineText('a reason', 1000),
  /** Why, as one of the kinds; left out, a change of mind. A personalised item: faulty or not as described only. */
  kind: z
    .enum(RETURN_KINDS, { error: `The kind of return must be one of ${RETURN_KINDS.join(', ')}` })
    .optional()
    .default('changed-mind'),
});

export type ReturnBody = z.infer<typeof returnBodySchema>;
export type ReturnForm = z.input<typeof returnBodySchema>;

export const RETURN_NOTE_MAX_LENGTH = 1000;

/** Ending a return: how, and the shop's words to the customer (needed to reject one). */
export const returnCloseBodySchema = z
  .object({
    outcome: z.enum(RETURN_OUTCOMES, {
      error: `The outcome must be one of ${RETURN_OUTCOMES.join(', ')}`,
    }),
    note: z
      .string({ error: 'A note is words' })
      .trim()
      .max(RETURN_NOTE_MAX_LENGTH, `A note can be at most ${RETURN_NOTE_MAX_LENGTH} characters`)
      .refine((value) => isCleanText(value, { multiline: true }), {
        error: 'That text holds a character that cannot be used',
      })
      .optional()
      .default(''),
  })
  .refine((body) => body.outcome !== 'rejected' || body.note !== '', {
    error: 'Please tell the customer why the return is not accepted',
    path: ['note'],
  });

export type ReturnCloseBody = z.infer<typeof returnCloseBodySchema>;

export type ReturnCloseForm = z.input<typeof returnCloseBodySchema>;

const restockLineSchema = orderLineBodySchema.extend({
  variant: z.string().min(1).max(64).optional(),
});

export const refundBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number of pounds' })
    .gt(0, 'The amount must be more than £0.00')
    .max(1_000_000, 'The amount is too large')
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: 'The amount can have at most two decimals',
    }),
  reason: multilineText('a reason', 500),
  restock: z.array(restockLineSchema).max(MAX_ORDER_LINES).optional().default([]),
});

export type RefundBody = z.infer<typeof refundBodySchema>;

/**
 * An exchange: what to send in place of what came back (at no charge, taking its stock), and what
 * of the order goes back into stock.
 */
export const exchangeBodySchema = z.object({
  items: orderLinesSchema,
  restock: z.array(restockLineSchema).max(MAX_ORDER_LINES).optional().default([]),
});

export type ExchangeBody = z.infer<typeof exchangeBodySchema>;

export type ExchangeBodyInput = z.input<typeof exchangeBodySchema>;

export type RefundBodyInput = z.input<typeof refundBodySchema>;

/** An order line as what was paid for it is worked out from. */
interface PaidLine {
  price: number;
  qty: number;
  /** What discounts took off the whole line, in pounds. */
  discount: number;
}

/**
 * What was paid for some of an order's lines, in pence: for each, its price times its quantity
 * less what discounts took off it, shared by the number coming back (to the nearest penny). What
 * the refund screen suggests for the items a customer returns.
 */
export function paidForReturned(lines: readonly PaidLine[], returned: readonly number[]): number {
  return lines.reduce((sum, line, index) => {
    const back = Math.min(Math.max(returned[index] ?? 0, 0), line.qty);
    const paid = Math.round(line.price * 100) * line.qty - Math.round(line.discount * 100);
    return sum + (line.qty === 0 ? 0 : Math.round((paid * back) / line.qty));
  }, 0);
}
