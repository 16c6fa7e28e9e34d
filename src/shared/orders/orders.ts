import * as z from 'zod';
import { orderPaymentSchema } from '../payments/payment-methods';
import { shippingAddressSchema } from '../accounts/addresses';
import { orderDeliverySchema } from '../delivery/delivery';
import { lineMadeToOrderSchema, linePreorderSchema, orderDiscountSchema } from './checkout';
import {
  GIFT_CARD_VAT_KINDS,
  giftCardPaymentSchema,
  orderGiftCardSchema,
} from '../gift-cards/gift-cards';
import { ORDER_EVENT_TYPES, ORDER_STATUSES, RETURN_KINDS, RETURN_OUTCOMES } from './order-status';
import { pageNumberSchema } from '../api';
import { dayRangeSchema, daysInOrder, daysOutOfOrder } from '../dates';
import { blankAsMissing, searchWordsSchema } from '../fields';

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
      /** What discounts took off the line: what was paid for it is price × qty less this. */
      discount: z.number(),
      /** A gift card line: who it is for, when it is sent, and its cards' last 4; else null. */
      giftCard: orderGiftCardSchema.nullable().optional(),
      /** Sold made to order: the working days it was promised to take; null when not. */
      madeToOrder: lineMadeToOrderSchema.nullable().optional(),
      /** Sold on pre-order: the release date it goes out from; null when not. */
      preorder: linePreorderSchema.nullable().optional(),
      /** A personalised line: the buyer's text as it is to be made (lines parted by `\n`). */
      personalisation: z.string().optional(),
      /** What the product called it when sold ("Engraving"), with `personalisation`. */
      personalisationLabel: z.string().optional(),
      /** What the text added to each item, within `price`, with `personalisation`. */
      personalisationPrice: z.number().optional(),
    }),
  ),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string(),
  /** How it was paid; null for a replacement sent at no charge. */
  payment: orderPaymentSchema.nullable(),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  giftWrapPrice: z.number(),
  taxPrice: z.number(),
  /**
   * What of `totalPrice` is outside VAT because of gift cards (the cards it sells when they are
   * multi-purpose, what cards paid when single-purpose): `taxPrice` is the VAT in the rest.
   */
  outsideVat: z.number().optional(),
  /** How gift cards stood for VAT when it was placed; null when it neither sold nor spent one. */
  giftCardVat: z.enum(GIFT_CARD_VAT_KINDS).nullable().optional(),
  totalPrice: z.number(),
  voucher: z.string().nullable(),
  /** What the voucher's code took off. */
  voucherDiscount: z.number(),
  /** What promotions took off. */
  promotionDiscount: z.number(),
  /** Each discount the order got. */
  discounts: z.array(orderDiscountSchema),
  /** What gift cards paid of `totalPrice`, each by its last 4; PayPal took the rest. */
  giftCardPayments: z.array(giftCardPaymentSchema),
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
  /**
   * The customer's return request: why, in their words and as one of `RETURN_KINDS` (an older
   * request, asked without one, reads `changed-mind`), and when.
   */
  returnRequest: z
    .object({ reason: z.string(), kind: z.enum(RETURN_KINDS), createdAt: isoDate })
    .nullable(),
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

export const ORDER_NUMBER_PATTERN = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/**
 * What can go wrong with a basket or an order, and the HTTP status each answers; a payment's and a
 * voucher's refusals are theirs (payments.ts, vouchers.ts).
 */
export const ORDER_ERRORS = {
  PRODUCT_UNAVAILABLE: 404,
  INSUFFICIENT_STOCK: 409,
  /** A pre-order's limit is reached: no more can be sold before its release date. */
  PREORDER_SOLD_OUT: 409,
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
