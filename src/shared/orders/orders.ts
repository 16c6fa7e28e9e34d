import * as z from 'zod';
import { orderAddressBodySchema, shippingAddressSchema } from './addresses';
import { deliveryChoiceSchema, deliveryOptionSchema, orderDeliverySchema } from './delivery';
import { ORDER_EVENT_TYPES, ORDER_STATUSES, RETURN_OUTCOMES } from './order-status';
import { isCleanText } from './text';
import { pageNumberSchema } from './api';
import { dayRangeSchema, daysInOrder, daysOutOfOrder } from './dates';
import { blankAsMissing, emailSchema, searchWordsSchema } from './fields';

const MAX_ORDER_LINES = 100;
const MAX_LINE_QUANTITY = 999;

/** What the server reads of a basket line: which product and how many. Prices come from the database. */
const orderLineBodySchema = z.object({
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
});

const orderLinesSchema = z
  .array(orderLineBodySchema, { error: 'No items to be ordered' })
  .min(1, 'No items to be ordered')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different items in one order`)
  .refine(
    (lines) =>
      new Set(lines.map((line) => `${line.product}/${line.variant ?? ''}`)).size === lines.length,
    'Each product (and each of its options) may appear only once in an order',
  );

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
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

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
    }),
  ),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  giftWrapPrice: z.number(),
  voucherDiscount: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
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
  /** The total the shopper was shown; when the server's differs, no payment is opened. */
  expectedTotal: z.number({ error: 'The expected total must be a number' }).min(0).optional(),
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
  paymentResult: z.object(
    { id: z.string().min(1).max(64) },
    { error: 'The payment to record is missing' },
  ),
});
export type OrderBody = z.infer<typeof orderBodySchema>;

const isoDate = z.string();

/** The key of a guest's order link: `?key=`. */
export const orderKeyQuerySchema = z.object({
  key: z
    .string()
    .min(1, 'The link is missing its key')
    .max(100, 'That is not the key of an order link')
    .optional(),
});

export const orderSchema = z.object({
  _id: z.string(),
  /** What screens, mails and slips show: `K7QF-3MXA`. */
  orderNumber: z.string(),
  /** Null for a guest's order. */
  user: z.object({ _id: z.string().nullable(), name: z.string() }).nullable(),
  /**
   * Who bought it, apart from whom it is delivered to (`shippingAddress.name`): the account's
   * name and email, or the name and email a guest gave. The email is blank where the viewer may
   * not see it (an order's link).
   */
  buyer: z.object({ name: z.string(), email: z.string() }),
  orderItems: z.array(
    z.object({
      name: z.string(),
      brand: z.string(),
      image: z.string(),
      product: z.string().nullable(),
      variant: z.string().nullable(),
      variantLabel: z.string().nullable(),
      qty: z.number().int(),
      price: z.number(),
    }),
  ),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string(),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  giftWrapPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  voucher: z.string().nullable(),
  voucherDiscount: z.number(),
  notes: z.string(),
  isPaid: z.boolean(),
  paidAt: isoDate.nullable(),
  isDispatched: z.boolean(),
  dispatchedAt: isoDate.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
  paymentResult: z.object({
    id: z.string(),
    status: z.string(),
    update_time: z.string(),
    email_address: z.string(),
  }),
  status: z.enum(ORDER_STATUSES),
  refunds: z.array(
    z.object({ _id: z.string(), amount: z.number(), reason: z.string(), createdAt: isoDate }),
  ),
  refundedTotal: z.number(),
  tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).nullable(),
  returnRequest: z.object({ reason: z.string(), createdAt: isoDate }).nullable(),
  /** How the shop ended the return, once it has. */
  returnClosed: z
    .object({ outcome: z.enum(RETURN_OUTCOMES), note: z.string(), closedAt: isoDate })
    .optional(),
  /** The order this one replaces: a replacement sent for what came back, at no charge. */
  exchangeFor: z.string().optional(),
  /** The replacement sent for what came back of this order. */
  exchangedBy: z.string().optional(),
  /** A gift's message (empty for none) and whether it is wrapped; null when not a gift. */
  gift: z.object({ message: z.string(), wrap: z.boolean() }).nullable(),
  /**
   * The delivery service it was sold with, at the price paid (`shippingPrice`), and the dates
   * given then; null for an order from before services were chosen.
   */
  delivery: orderDeliverySchema.nullable(),
  /**
   * A guest's link to their order, with its key: in the answer that made the order only (the
   * shop keeps the key's hash, never the key).
   */
  orderLink: z.string().optional(),
  /**
   * A gift's link for its recipient to follow the parcel (status, tracking, the message; no
   * prices, address or cancelling), for the buyer to forward: in the answer that made it only.
   */
  recipientLink: z.string().optional(),
  /** What happened to the order and who did it, with staff's notes; staff and admins only. */
  events: z
    .array(
      z.object({
        type: z.enum(ORDER_EVENT_TYPES),
        at: isoDate,
        by: z.string(),
        detail: z.string().nullable(),
        /** A note's words. */
        text: z.string().optional(),
      }),
    )
    .optional(),
  /** The customer's email (or the guest's); staff and admins only. */
  email: z.string().optional(),
  /**
   * The id of the customer's page in the back office (`/api/customers/:id`), an account's or a
   * guest's; staff and admins only, and absent once the buyer is gone.
   */
  customerId: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * A gift as its recipient's link shows it (`GET /orders/:id?key=<the recipient's key>`): how it
 * stands, its tracking, when it should arrive, what is coming and the message, and who sent it.
 * No price, total, payment, or address beyond the recipient's name and town.
 */
export const recipientOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  /** Always true: the answer is the recipient's view, not the whole order. */
  forRecipient: z.literal(true),
  /** The buyer's name: who the gift is from. */
  from: z.string(),
  orderItems: z.array(
    z.object({
      name: z.string(),
      brand: z.string(),
      image: z.string(),
      product: z.string().nullable(),
      variant: z.string().nullable(),
      variantLabel: z.string().nullable(),
      qty: z.number().int(),
    }),
  ),
  shippingAddress: z.object({ name: z.string(), city: z.string() }),
  status: z.enum(ORDER_STATUSES),
  isDispatched: z.boolean(),
  dispatchedAt: isoDate.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: isoDate.nullable(),
  createdAt: isoDate,
  tracking: z.object({ carrier: z.string(), number: z.string(), url: z.string() }).nullable(),
  /** The first and last UK day (`2026-12-03`) it should arrive on; null once delivered or stopped. */
  estimate: z.object({ from: z.string(), to: z.string() }).nullable(),
  gift: z.object({ message: z.string(), wrap: z.boolean() }),
});
export type RecipientOrder = z.infer<typeof recipientOrderSchema>;

/** How many of a customer's own orders a page of "my orders" holds. */
export const MY_ORDERS_PAGE_SIZE = 20;

/** A page of the signed-in customer's own orders, newest first. */
export const myOrdersPageSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type MyOrdersPage = z.infer<typeof myOrdersPageSchema>;

/** One page of the orders found, newest first, with how many were found in all. */
export const adminOrderPageSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/**
 * The back office's order search: words (an order's number or id or the end of it, a name, an
 * email, a postcode, a tracking number, a product or a SKU), one status, and UK days paid.
 */
export const orderSearchQuerySchema = z
  .object({
    q: searchWordsSchema,
    status: z.preprocess(
      blankAsMissing,
      z
        .enum(ORDER_STATUSES, { error: `The status must be one of ${ORDER_STATUSES.join(', ')}` })
        .optional(),
    ),
    ...dayRangeSchema,
    pageNumber: pageNumberSchema,
  })
  .refine(daysInOrder, daysOutOfOrder());
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** Order numbers are written with these: no I, O, 0 or 1, which are read out wrongly. */
export const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ORDER_NUMBER_PATTERN = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

export const CARRIERS = ['Royal Mail', 'Parcelforce', 'DPD', 'Evri', 'DHL'] as const;
export type Carrier = (typeof CARRIERS)[number];

const TRACKING_PAGES: Record<Carrier, (number: string) => string> = {
  'Royal Mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  Parcelforce: (number) => `https://www.parcelforce.com/track-trace?trackNumber=${number}`,
  DPD: (number) => `https://track.dpd.co.uk/parcels/${number}`,
  Evri: (number) => `https://www.evri.com/track/parcel/${number}`,
  DHL: (number) =>
    `https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${number}`,
};

/** The carrier's public page for a parcel; the number is letters and digits only. */
export function trackingUrl(carrier: Carrier, number: string): string {
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}

/**
 * How each carrier writes its parcel numbers, where it has one format, with an example for the
 * message: a number that cannot be the carrier's is refused before any customer is mailed it.
 */
const TRACKING_FORMATS: Record<Carrier, { pattern: RegExp; example: string }> = {
  'Royal Mail': { pattern: /^[A-Z]{2}\d{9}GB$/, example: 'AB123456789GB' },
  Parcelforce: { pattern: /^[A-Z]{2}\d{7}$|^[A-Z]{2}\d{9}GB$/, example: 'PB1234567' },
  DPD: { pattern: /^\d{10}$|^\d{14}$/, example: '15501234567890' },
  Evri: { pattern: /^[A-Z0-9]{8,20}$/, example: 'H01ABC0012345678' },
  DHL: { pattern: /^\d{10}$|^[A-Z0-9]{10,39}$/, example: '1234567890' },
};

/** Spaces and hyphens dropped and letters in capitals: how a tracking number is kept. */
const trackingNumberSchema = z
  .string({ error: 'Please enter the tracking number' })
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,40}$/, 'A tracking number is 6 to 40 letters and digits'));

/** Whether a tracking number (as kept) is written as the carrier writes its numbers. */
export function trackingNumberFits(carrier: Carrier, number: string): boolean {
  return TRACKING_FORMATS[carrier].pattern.test(number) && /\d/.test(number);
}

/** What to say of a number that does not fit its carrier. */
export const trackingNumberMisfit = (carrier: Carrier) =>
  `That is not a ${carrier} tracking number: they look like ${TRACKING_FORMATS[carrier].example}`;

const carrierSchema = z.enum(CARRIERS, {
  error: `The carrier must be one of ${CARRIERS.join(', ')}`,
});

/** A parcel's carrier and number, the number checked against the carrier's format. */
export const trackingBodySchema = z
  .object({ carrier: carrierSchema, trackingNumber: trackingNumberSchema })
  .superRefine((body, context) => {
    if (!trackingNumberFits(body.carrier, body.trackingNumber)) {
      context.addIssue({
        code: 'custom',
        message: trackingNumberMisfit(body.carrier),
        path: ['trackingNumber'],
      });
    }
  });
export type TrackingBody = z.infer<typeof trackingBodySchema>;

/** Marking an order dispatched, with the parcel's carrier and number when there is one. */
export const dispatchBodySchema = z
  .object({ carrier: carrierSchema, trackingNumber: trackingNumberSchema })
  .partial()
  .refine((body) => (body.carrier === undefined) === (body.trackingNumber === undefined), {
    error: 'Give both the carrier and the tracking number, or neither',
    path: ['trackingNumber'],
  })
  .superRefine((body, context) => {
    if (body.carrier === undefined || body.trackingNumber === undefined) return;
    if (!trackingNumberFits(body.carrier, body.trackingNumber)) {
      context.addIssue({
        code: 'custom',
        message: trackingNumberMisfit(body.carrier),
        path: ['trackingNumber'],
      });
    }
  });
export type DispatchBody = z.infer<typeof dispatchBodySchema>;

/**
 * A parcel's carrier and tracking number as typed into a dispatch form (a blank carrier is ''),
 * read as the dispatch call takes them: both blank means a parcel sent without tracking.
 */
export const parcelFormSchema = z
  .object({ carrier: z.union([z.literal(''), z.enum(CARRIERS)]), trackingNumber: z.string() })
  .transform(({ carrier, trackingNumber }) => {
    const body: { carrier?: Carrier; trackingNumber?: string } = {};
    if (carrier !== '') body.carrier = carrier;
    if (trackingNumber.trim() !== '') body.trackingNumber = trackingNumber;
    return body;
  })
  .pipe(dispatchBodySchema);
export type ParcelForm = z.input<typeof parcelFormSchema>;

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

export const returnBodySchema = z.object({ reason: multilineText('a reason', 1000) });
export type ReturnBody = z.infer<typeof returnBodySchema>;

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

/**
 * What can go wrong with a basket or an order, and the HTTP status each answers; a payment's and a
 * voucher's refusals are theirs (payments.ts, vouchers.ts).
 */
export const ORDER_ERRORS = {
  PRODUCT_UNAVAILABLE: 404,
  INSUFFICIENT_STOCK: 409,
  ORDER_TOTAL_TOO_SMALL: 400,
  ORDER_TOTAL_TOO_LARGE: 400,
  PRICE_CHANGED: 409,
  ORDER_NOT_RECORDED: 500,
  ORDER_NOT_FOUND: 404,
  ORDER_NOT_DISPATCHABLE: 409,
  ORDER_NOT_DELIVERABLE: 409,
  ORDER_NOT_CANCELLABLE: 409,
  ORDER_NOT_RETURNABLE: 409,
  ORDER_NOT_REFUNDABLE: 409,
  REFUND_TOO_LARGE: 400,
  RESTOCK_UNKNOWN_ITEM: 400,
  RESTOCK_TOO_MANY: 400,
  ORDER_NOT_DISPATCHED: 409,
  TRACKING_UNCHANGED: 409,
  GIFT_WRAP_UNAVAILABLE: 400,
  /** A guest's order may be added only to the account of the email it was placed with. */
  ORDER_EMAIL_DIFFERS: 403,
  /** Closing or exchanging a return the order does not have waiting. */
  RETURN_NOT_OPEN: 409,
  /** Closing a return as refunded before anything was refunded. */
  RETURN_NOT_REFUNDED: 409,
} as const;

/** Who bought an order, as screens and mails name them: the account's name, or the guest's. */
export const buyerNameOf = (order: Pick<Order, 'buyer'>) => order.buyer.name;

/** Whom a gift goes to, when that is someone other than its buyer; else null. */
export const recipientOf = (order: Pick<Order, 'buyer' | 'gift' | 'shippingAddress'>) =>
  order.gift && order.shippingAddress.name !== '' && order.shippingAddress.name !== order.buyer.name
    ? order.shippingAddress.name
    : null;

/**
 * Who bought an order and, for a gift, whom it goes to: `George Lamb, to Helen Lamb`.
 */
export const buyerAndRecipientOf = (order: Pick<Order, 'buyer' | 'gift' | 'shippingAddress'>) => {
  const recipient = recipientOf(order);
  return recipient === null ? order.buyer.name : `${order.buyer.name}, to ${recipient}`;
};
