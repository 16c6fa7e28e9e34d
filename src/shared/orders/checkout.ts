import * as z from 'zod';
import { paymentMethodSchema } from '../payments/payment-methods';
import { orderAddressBodySchema } from '../accounts/addresses';
import { deliveryChoiceSchema, deliveryOptionSchema } from '../delivery/delivery';
import { isCleanText } from '../text';
import { emailSchema } from '../fields';
import { normalisePersonalisation } from '../catalog/personalisation';
import {
  giftCardCodesSchema,
  giftCardLineSchema,
  giftCardPaymentSchema,
} from '../gift-cards/gift-cards';

// What a checkout sends: the basket's lines, the voucher, the gift and the buyer, to be priced,
// paid and made an order; and the quote the database prices it at.

export const MAX_ORDER_LINES = 100;

const MAX_LINE_QUANTITY = 999;

/** The longest text a line may send; what the product allows is far less (3 lines of 60). */
const MAX_PERSONALISATION_SENT = 500;

/** What the server reads of a basket line: which product and how many. Prices come from the database. */
export const orderLineBodySchema = z.object({
  product: z.string({ error: 'Each item needs a product id' }).min(1).max(64),
  qty: z
    .number({ error: 'Quantities must be whole numbers from 1' })
    .int('Quantities must be whole numbers from 1')
    .min(1, 'Quantities must be whole numbers from 1')
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one item`),
  /** Which variant, for a product sold in options (a size, a chain length). */
  variant: z
    .string({ error: 'A variant is named by its id' })
    .min(1)
    .max(64)
    .nullish()
    .transform((variant) => variant ?? undefined),
  /** A gift card line: who it is for and when it is sent (and its amount, when the buyer names it). */
  giftCard: z.preprocess((card) => card ?? undefined, giftCardLineSchema.optional()),
  /**
   * The buyer's text for a product that offers personalisation, its lines parted by `\n`: each
   * line trimmed, curly apostrophes made straight; empty or null is none. Judged by the product's
   * rules (`personalisationProblem`).
   */
  personalisation: z
    .string({ error: 'A personalisation is text' })
    .max(
      MAX_PERSONALISATION_SENT,
      `A personalisation can be at most ${MAX_PERSONALISATION_SENT} characters`,
    )
    .nullish()
    .transform((text) => normalisePersonalisation(text ?? '') || undefined),
});

/** Which line of an order a body's line is: its product, its option and its text. */
export const orderLineKey = (line: {
  product: string;
  variant?: string | null | undefined;
  personalisation?: string | null | undefined;
}) => `${line.product}/${line.variant ?? ''}/${line.personalisation ?? ''}`;

export const orderLinesSchema = z
  .array(orderLineBodySchema, { error: 'No items to be ordered' })
  .min(1, 'No items to be ordered')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different items in one order`)
  .refine((lines) => {
    // Gift cards may repeat: two cards of one amount for two people; and a product personalised
    // with two texts is two lines.
    const goods = lines.filter((line) => line.giftCard === undefined);
    return new Set(goods.map(orderLineKey)).size === goods.length;
  }, 'Each product (and each of its options) may appear only once in an order, unless personalised with different texts');

/** A voucher code as typed; blank means none. */
const voucherCodeSchema = z.preprocess(
  (value) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  z.string().trim().max(100, 'That voucher code is too long').optional(),
);

export const GIFT_MESSAGE_MAX_LENGTH = 250;

/**
 * An order sent as a gift: a message printed on the packing slip (line breaks kept, as the buyer
 * wrote it) and gift wrap. Missing or null: not a gift.
 */
export const giftBodySchema = z
  .object(
    {
      message: z
        .string({ error: 'A gift message is words' })
        .transform((message) => message.replaceAll('\r\n', '\n').trim())
        .pipe(
          z
            .string()
            .max(
              GIFT_MESSAGE_MAX_LENGTH,
              `A gift message can be at most ${GIFT_MESSAGE_MAX_LENGTH} characters`,
            )
            .refine(
              (message) => isCleanText(message, { multiline: true }),
              'A gift message contains a character that cannot be printed',
            ),
        )
        .optional()
        .default(''),
      wrap: z.boolean({ error: 'Gift wrap is either chosen or not' }).optional().default(false),
    },
    { error: 'A gift is described by its message and whether to wrap it' },
  )
  .nullish()
  .transform((gift) => gift ?? undefined);

export type GiftBody = z.infer<typeof giftBodySchema>;

/**
 * Who is buying, for a guest: their own name, apart from the recipient's on the address (a gift
 * is bought by one person for another). Ignored for a signed-in buyer, who is their account.
 */
export const buyerBodySchema = z
  .object(
    {
      name: z
        .string({ error: 'Please enter your name' })
        .trim()
        .min(1, 'Please enter your name')
        .max(100, 'Your name can be at most 100 characters')
        .refine((value) => isCleanText(value), 'Your name holds a character that cannot be used'),
    },
    { error: 'The buyer is described by their name' },
  )
  .nullish()
  .transform((buyer) => buyer ?? undefined);

/** A basket to be priced: what `POST /orders/quote` reads, and the start of every payment. */
export const quoteBodySchema = z.object({
  orderItems: orderLinesSchema,
  voucher: voucherCodeSchema,
  gift: giftBodySchema,
  buyer: buyerBodySchema,
  /** The delivery service's id; absent: the cheapest this basket may use. */
  delivery: deliveryChoiceSchema,
  /** Gift card codes to pay with, after every discount: up to 3. */
  giftCards: giftCardCodesSchema.optional().transform((codes) => codes ?? []),
});

export type QuoteBody = z.infer<typeof quoteBodySchema>;

/** A discount an order gets: a promotion's (no code) or the voucher's, and what it took off. */
export const orderDiscountSchema = z.object({
  source: z.enum(['promotion', 'voucher']),
  name: z.string(),
  code: z.string().nullable(),
  amount: z.number(),
});
export type OrderDiscount = z.infer<typeof orderDiscountSchema>;

/** A line made to order: the working days it takes before it is dispatched. */
export const lineMadeToOrderSchema = z.object({ leadDays: z.number().int() });

/** A line on pre-order: the UK day (`YYYY-MM-DD`) it is released and dispatched from. */
export const linePreorderSchema = z.object({ releaseDate: z.string() });

/** The basket as the database prices it now; the place-order screen shows these figures. */
export const quoteSchema = z.object({
  lines: z.array(
    z.object({
      product: z.string(),
      variant: z.string().nullable(),
      /** `Size: M`, or null for a product sold one way. */
      variantLabel: z.string().nullable(),
      name: z.string(),
      price: z.number(),
      qty: z.number().int(),
      /** What discounts take off the line, shared out in proportion to the penny. */
      discount: z.number(),
      /** Made to order: its lead days, which the dates wait for; null when not. */
      madeToOrder: lineMadeToOrderSchema.nullable().optional(),
      /** On pre-order: its release date, which the dates wait for; null when not. */
      preorder: linePreorderSchema.nullable().optional(),
      /** The buyer's text, as it will be made (lines parted by `\n`); null when none. */
      personalisation: z.string().nullable(),
      /** What the product calls it ("Engraving"); null when none. */
      personalisationLabel: z.string().nullable(),
      /** What the text adds to each item, within `price`; 0 when none. */
      personalisationPrice: z.number(),
    }),
  ),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  giftWrapPrice: z.number(),
  /** What the voucher's code takes off. */
  voucherDiscount: z.number(),
  /** What promotions take off. */
  promotionDiscount: z.number(),
  discounts: z.array(orderDiscountSchema),
  /** Why the basket gets what it gets, when a code and a promotion met; null otherwise. */
  discountNote: z.string().nullable(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  /** What each gift card given pays, in the order given. */
  giftCardPayments: z.array(giftCardPaymentSchema),
  /** What is left to pay once the gift cards have paid their part: 0 when they pay it all. */
  payable: z.number(),
  /** The service priced: the one asked for, or the cheapest. */
  delivery: z.string(),
  /** Every service this basket may use, with its price and dates, cheapest first. */
  deliveryOptions: z.array(deliveryOptionSchema),
});

export type Quote = z.infer<typeof quoteSchema>;

export const paymentBodySchema = quoteBodySchema.extend({
  /** A guest's email, which their order is sent to; a signed-in customer's is their account's. */
  email: z.optional(emailSchema),
  /** Where it goes; a collect order's name and phone number alone. */
  shippingAddress: orderAddressBodySchema,
  /** How the shopper pays: PayPal (when not given), a card, Apple Pay or Google Pay. */
  method: paymentMethodSchema.optional(),
  /** The total the shopper was shown; when the server's differs, no payment is opened. */
  expectedTotal: z.number({ error: 'The expected total must be a number' }).min(0).optional(),
  /**
   * The shopper ticked that personalised items cannot be returned or cancelled for a change of
   * mind: needed (true) when a line is personalised, else 400 `PERSONALISATION_TERMS`.
   */
  personalisationTerms: z
    .boolean({ error: 'The personalisation terms are ticked or not' })
    .optional(),
});

export type PaymentBody = z.infer<typeof paymentBodySchema>;

export const ORDER_NOTES_MAX_LENGTH = 2000;

/** The spec's order payload; prices, totals and isPaid in it are ignored. */
export const orderBodySchema = paymentBodySchema.extend({
  paymentMethod: z.string().max(50).optional(),
  notes: z
    .string()
    .trim()
    .max(ORDER_NOTES_MAX_LENGTH, `Notes can be at most ${ORDER_NOTES_MAX_LENGTH} characters`)
    .optional()
    .default(''),
  /** The payment approved; null for an order the gift cards pay in full. */
  paymentResult: z
    .object({ id: z.string().min(1).max(64) }, { error: 'The payment to record is missing' })
    .nullable(),
});

export type OrderBody = z.infer<typeof orderBodySchema>;
