import * as z from 'zod';

/** The spec's minimum lengths for the delivery address; shorter gives 'All fields required'. */
export const SHIPPING_MIN_LENGTHS = { address: 4, city: 4, postalCode: 4, country: 3 } as const;
export const ALL_FIELDS_REQUIRED = 'All fields required';

function addressField(minimum: number, maximum: number) {
  return z
    .string({ error: ALL_FIELDS_REQUIRED })
    .trim()
    .min(minimum, ALL_FIELDS_REQUIRED)
    .max(maximum, `At most ${maximum} characters`);
}

export const shippingAddressBodySchema = z.object(
  {
    address: addressField(SHIPPING_MIN_LENGTHS.address, 200),
    city: addressField(SHIPPING_MIN_LENGTHS.city, 100),
    postalCode: addressField(SHIPPING_MIN_LENGTHS.postalCode, 20),
    country: addressField(SHIPPING_MIN_LENGTHS.country, 100),
  },
  { error: ALL_FIELDS_REQUIRED },
);
export type ShippingAddressBody = z.infer<typeof shippingAddressBodySchema>;

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

/** What the server reads of a basket line: which product and how many. Prices come from the database. */
export const orderLineBodySchema = z.object({
  product: z.string({ error: 'Each item needs a product id' }).min(1).max(64),
  qty: z
    .number({ error: 'Quantities must be whole numbers from 1' })
    .int('Quantities must be whole numbers from 1')
    .min(1, 'Quantities must be whole numbers from 1')
    .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} of one item`),
});

const orderLinesSchema = z
  .array(orderLineBodySchema, { error: 'No items to be ordered' })
  .min(1, 'No items to be ordered')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different items in one order`)
  .refine(
    (lines) => new Set(lines.map((line) => line.product)).size === lines.length,
    'Each product may appear only once in an order',
  );

/** A voucher code as typed; blank means none. */
const voucherCodeSchema = z.preprocess(
  (value) =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  z.string().trim().max(100, 'That voucher code is too long').optional(),
);

export const paymentBodySchema = z.object({
  orderItems: orderLinesSchema,
  shippingAddress: shippingAddressBodySchema,
  voucher: voucherCodeSchema,
});
export type PaymentBody = z.infer<typeof paymentBodySchema>;

export const paymentAnswerSchema = z.object({ id: z.string(), totalPrice: z.number() });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

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

export const PAYMENT_METHOD = 'PayPal';

const isoDate = z.string();

export const orderSchema = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string().nullable(), name: z.string() }),
  orderItems: z.array(
    z.object({
      name: z.string(),
      brand: z.string(),
      image: z.string(),
      product: z.string().nullable(),
      qty: z.number().int(),
      price: z.number(),
    }),
  ),
  shippingAddress: z.object({
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  paymentMethod: z.string(),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
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
});
export type Order = z.infer<typeof orderSchema>;

/** How an order's delivery stands, in the words of the order list. */
export function fulfilmentStatus(order: Pick<Order, 'isDelivered' | 'isDispatched'>) {
  if (order.isDelivered) return 'Delivered';
  if (order.isDispatched) return 'Dispatched';
  return 'Not Dispatched';
}

export const voucherSchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  discount: z.number(),
  expires: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;
