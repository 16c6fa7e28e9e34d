import * as z from 'zod';
import { orderSchema } from './orders';
import { multilineText } from './after-sale';

// The back office's work on orders beyond moving them: notes, many dispatched at once, and a
// tracking number put right.

/** A note staff write on an order: never shown to the customer. */
export const noteBodySchema = z.object({ text: multilineText('the note', 2000) });
export type NoteBody = z.infer<typeof noteBodySchema>;

/**
 * One line of a dispatch of many: the order (its id or its number) and, when there is one, the
 * parcel's carrier and number, checked line by line so that one bad line stops no other.
 */
const dispatchLineSchema = z.object({
  id: z.string({ error: 'Each line needs the order' }).trim().min(1).max(64),
  carrier: z.string().max(100).optional(),
  trackingNumber: z.string().max(100).optional(),
});
export type DispatchLine = z.infer<typeof dispatchLineSchema>;

export const MAX_DISPATCH_LINES = 200;

export const bulkDispatchBodySchema = z.object({
  orders: z
    .array(dispatchLineSchema, { error: 'Please list the orders to dispatch' })
    .min(1, 'Please list the orders to dispatch')
    .max(MAX_DISPATCH_LINES, `At most ${MAX_DISPATCH_LINES} orders can be dispatched at once`),
});
export type BulkDispatchBody = z.infer<typeof bulkDispatchBodySchema>;

export const bulkDispatchAnswerSchema = z.object({
  dispatched: z.array(z.string()),
  refused: z.array(
    z.object({
      id: z.string(),
      /** The code the same order alone would have been refused with. */
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type BulkDispatchAnswer = z.infer<typeof bulkDispatchAnswerSchema>;

/** `?orders=<id>,<id>`: the orders to print slips for, at most as many as are dispatched at once. */
export const slipsQuerySchema = z.object({
  orders: z
    .string({ error: 'Please choose the orders to print' })
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
        .array(z.string().max(64))
        .min(1, 'Please choose the orders to print')
        .max(MAX_DISPATCH_LINES, `At most ${MAX_DISPATCH_LINES} orders can be printed at once`),
    ),
});

/**
 * What the slips print: a pick list (every product and variant across the orders, with its SKU
 * and how many in all, by name) and the orders themselves, in the order asked.
 */
export const slipsSchema = z.object({
  pickList: z.array(
    z.object({
      product: z.string().nullable(),
      variant: z.string().nullable(),
      name: z.string(),
      variantLabel: z.string().nullable(),
      sku: z.string().nullable(),
      qty: z.number().int(),
      /** A personalised item: its text (each text is a line of its own) and what it is called. */
      personalisation: z.string().optional(),
      personalisationLabel: z.string().optional(),
      /** The orders it is picked for, with how many each, and whether that order is gift wrapped. */
      orders: z.array(
        z.object({
          _id: z.string(),
          orderNumber: z.string(),
          qty: z.number().int(),
          wrap: z.boolean(),
        }),
      ),
    }),
  ),
  orders: z.array(orderSchema),
});
export type Slips = z.infer<typeof slipsSchema>;
