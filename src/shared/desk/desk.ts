import * as z from 'zod';
import { RETURN_KINDS } from '../orders/order-status';
import { failedRefundSchema } from '../payments/payments';

// The owner's desk (`GET /api/admin/desk`): today's work in one answer, for staff and the owner.
// Money is in pounds, as everywhere in the API; dates are ISO strings in UTC.

/**
 * How many orders each of the desk's queues (to dispatch, returns asked for) lists at most, the
 * longest waiting first, and how many products it lists as running low, the fewest left first:
 * the desk costs the same however many there are. The order search pages through them all.
 */
export const DESK_ORDERS_LISTED = 200;
export const DESK_LOW_STOCK_LISTED = 100;

/** A working day's wait beyond this many (Monday to Friday, UK time) makes an order late. */
export const DISPATCH_WORKING_DAYS = 2;

/** Who bought it, as they gave their name and email with the order (not a gift's recipient). */
const deskCustomerSchema = z.object({ name: z.string(), email: z.string() });

/** A paid order not yet dispatched. */
export const orderToDispatchSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customer: deskCustomerSchema,
  /** A gift's recipient, whom the parcel goes to (the customer bought it); absent when not a gift. */
  recipient: z.string().optional(),
  /** How many items to pack: the sum of the order's lines' quantities. */
  items: z.number().int(),
  totalPrice: z.number(),
  /** Whole working days (Monday to Friday, UK time) since the order was paid. */
  workingDaysWaiting: z.number().int(),
  /**
   * Past the day it should have gone out by (the dispatch day its buyer was given); for an order
   * from before delivery services, waiting more than `DISPATCH_WORKING_DAYS` working days.
   */
  late: z.boolean(),
  /** The delivery service's name, as sold; absent for an order from before services. */
  service: z.string().optional(),
  /** Collected by the buyer rather than sent: made ready, not posted. */
  collect: z.boolean(),
  /** The UK day (`YYYY-MM-DD`) it should go out by; null for an order from before. */
  dispatchBy: z.string().nullable(),
});
export type OrderToDispatch = z.infer<typeof orderToDispatchSchema>;

/**
 * A line of a paid order not yet dispatched that is made for its buyer: made to order (with its
 * lead days), on pre-order (with its release date) or personalised (with its text). `dueDay` is
 * the UK day its order must be dispatched by: the day it was paid plus its handling and lead days,
 * or the release date; `late` once that day is over.
 */
export const lineToMakeSchema = z.object({
  order: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customer: deskCustomerSchema,
  /** The product's id; null once the product is deleted. */
  product: z.string().nullable(),
  variant: z.string().nullable(),
  name: z.string(),
  /** `Colour: Heather`; null for a product sold one way. */
  variantLabel: z.string().nullable(),
  sku: z.string().nullable(),
  qty: z.number().int(),
  /** Made to order in these working days, as sold; null when not. */
  madeToOrder: z.object({ leadDays: z.number().int() }).nullable(),
  /** On pre-order, released on this UK day, as sold; null when not. */
  preorder: z.object({ releaseDate: z.string() }).nullable(),
  /** Personalised: the buyer's text (lines parted by `\n`) and what the product calls it. */
  personalisation: z.object({ label: z.string(), text: z.string() }).nullable(),
  /** The UK day (`YYYY-MM-DD`) the order must be dispatched by. */
  dueDay: z.string(),
  /** Past its due day and still not dispatched. */
  late: z.boolean(),
});
export type LineToMake = z.infer<typeof lineToMakeSchema>;

/** An order its customer asked to send back, waiting for the shop to deal with it. */
export const returnRequestedSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  requestedAt: z.string(),
  reason: z.string(),
  /** Why, as the customer chose it (`RETURN_KINDS`). */
  kind: z.enum(RETURN_KINDS),
  customer: deskCustomerSchema,
  /** A gift's recipient, who sends it back (the customer bought it); absent when not a gift. */
  recipient: z.string().optional(),
});
export type ReturnRequested = z.infer<typeof returnRequestedSchema>;

/**
 * A variant (or a product sold one way: `variant` and `variantLabel` null) of a live product with
 * between 1 and `LOW_STOCK` left, or sold out while shoppers wait for it.
 */
export const lowStockSchema = z.object({
  product: z.string(),
  variant: z.string().nullable(),
  name: z.string(),
  variantLabel: z.string().nullable(),
  countInStock: z.number().int(),
  /** Back-in-stock alerts waiting for it. */
  waiting: z.number().int(),
});
export type LowStock = z.infer<typeof lowStockSchema>;

/**
 * The money of a stretch of UK days: `orders` paid in it and their totals (`gross`); `refunds`
 * that went through in it, dated when they did, whatever the day of their order; `net = gross -
 * refunds` (below 0 when more went back than came in); `averageOrder = gross / orders` (0 with no
 * orders).
 */
export const salesFiguresSchema = z.object({
  orders: z.number().int(),
  gross: z.number(),
  refunds: z.number(),
  net: z.number(),
  averageOrder: z.number(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

/**
 * Today (since UK midnight), the last 7 and 30 UK days (today among them), and the 30 days before
 * those, to compare with.
 */
export const salesSchema = z.object({
  today: salesFiguresSchema,
  last7Days: salesFiguresSchema,
  last30Days: salesFiguresSchema,
  previous30Days: salesFiguresSchema,
});
export type Sales = z.infer<typeof salesSchema>;

/** How many UK days `daily` holds, today the last. */
export const DESK_DAYS = 30;

/** One UK day (`2026-11-26`) of the chart. */
export const salesDaySchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  gross: z.number(),
  refunds: z.number(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

/** How long after a reminder or a letter an order counts as having come back because of it. */
export const CAME_BACK_DAYS = 7;
/** How far back the desk looks for the mails that brought customers back. */
export const CAME_BACK_LOOKS_DAYS = 30;

/**
 * What came back: of the basket reminders sent in the last 30 days, how many, and the orders
 * their addressees placed within 7 days after one (`recovered`), with what those orders came to;
 * and for each newsletter sent in the last 30 days, newest first, how many it was mailed to and
 * the orders placed by them within 7 days after it.
 */
export const cameBackSchema = z.object({
  reminders: z.object({
    sent: z.number().int(),
    recovered: z.number().int(),
    gross: z.number(),
  }),
  newsletters: z.array(
    z.object({
      _id: z.string(),
      subject: z.string(),
      sentAt: z.string(),
      mailed: z.number().int(),
      orders: z.number().int(),
      gross: z.number(),
    }),
  ),
});
export type CameBack = z.infer<typeof cameBackSchema>;

/**
 * The desk. `failedRefunds` is the list `GET /api/refunds/failed` answers, shown to staff as well
 * (only the owner can retry one). `sales` and `daily` are the owner's alone: null for staff, both.
 * `daily` holds every one of the last 30 UK days, oldest first, a day without sales as zeros.
 */
export const deskSchema = z.object({
  toDispatch: z.array(orderToDispatchSchema),
  /** What is to be made: lines made to order or on pre-order, those due first. */
  toMake: z.array(lineToMakeSchema),
  returnsRequested: z.array(returnRequestedSchema),
  failedRefunds: z.array(failedRefundSchema),
  lowStock: z.array(lowStockSchema),
  /** Reviews with reports the owner has not dealt with (hidden, shown again or kept since). */
  reportedReviews: z.number().int(),
  sales: salesSchema.nullable(),
  daily: z.array(salesDaySchema).nullable(),
  /** The owner's alone, as `sales`: the orders that followed the shop's marketing mail. */
  cameBack: cameBackSchema.nullable(),
});
export type Desk = z.infer<typeof deskSchema>;
