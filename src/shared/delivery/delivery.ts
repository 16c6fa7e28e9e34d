import * as z from 'zod';

// How the shop sends what it sells, as shoppers and orders see it: `GET /api/delivery` answers
// which services a basket may use, at what price and with what dates; the quote, the payment and
// the order carry the one chosen. What the owner sets is in delivery-settings.ts.

export const DELIVERY_ERRORS = { DELIVERY_UNAVAILABLE: 409, SHOP_PAUSED: 409 } as const;

/** When an order goes out and the first and last day it should arrive, `YYYY-MM-DD`. */
export const estimateSchema = z.object({ dispatch: z.string(), from: z.string(), to: z.string() });

export type Estimate = z.infer<typeof estimateSchema>;

/** A service a basket may use now, at its price for that basket, with its dates. */
export const deliveryOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  /**
   * The items total (after discounts) from which the service costs nothing, or null: what the
   * basket says is left to spend for free delivery.
   */
  freeOver: z.number().nullable(),
  tracked: z.boolean(),
  signed: z.boolean(),
  collect: z.boolean(),
  estimate: estimateSchema,
});

export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/**
 * A service as `GET /api/delivery` offers it: as a quote offers it, with what the shop's pages say
 * of it (how long the carrier takes, from what it is free, what it covers if lost).
 */
export const deliveryOfferSchema = z.object({
  ...deliveryOptionSchema.shape,
  /** Working days the carrier takes after dispatch, at the fewest and the most. */
  days: z.object({ min: z.number(), max: z.number() }),
  /** What the carrier pays if the parcel is lost, or null. */
  cover: z.number().nullable(),
});

export type DeliveryOffer = z.infer<typeof deliveryOfferSchema>;

const shownHolidaySchema = z.object({
  from: z.string(),
  to: z.string(),
  message: z.string(),
  pauseCheckout: z.boolean(),
});

/** `GET /api/delivery`. */
export const deliveryAnswerSchema = z.object({
  /** Cheapest first. */
  services: z.array(deliveryOfferSchema),
  /**
   * The moment (ISO) until which an order paid now keeps these dates: the cut-off of the day the
   * order would be taken.
   */
  dispatchCutOff: z.string(),
  /** The holiday shoppers are told of now, or null. */
  holiday: shownHolidaySchema.nullable(),
  /** The banner showing now, or null. */
  banner: z.object({ text: z.string(), from: z.string(), to: z.string() }).nullable(),
  /** Where collect orders are picked up, when a collect service is on offer. */
  collection: z.object({ address: z.string(), instructions: z.string() }).nullable(),
  /** Working days between the day an order is taken and the day it goes out. */
  handlingDays: z.number(),
  /** How long a customer has to return an order after delivery, and whether returning is free. */
  returns: z.object({ days: z.number(), freeReturns: z.boolean() }),
});

export type DeliveryAnswer = z.infer<typeof deliveryAnswerSchema>;

/** `?items=<product>[:<variant>]:<qty>,...`: ids are letters, digits, dashes and underscores. */
export const deliveryQuerySchema = z.object({
  items: z
    .string()
    .max(4000, 'Too many items')
    .optional()
    .transform((items, context) => {
      if (items === undefined || items.trim() === '') return undefined;
      const lines = items.split(',').map((item) => {
        const parts = item.trim().split(':');
        const qty = Number(parts.at(-1));
        const [product, variant] = parts;
        if (
          parts.length < 2 ||
          parts.length > 3 ||
          !Number.isInteger(qty) ||
          qty < 1 ||
          qty > 999 ||
          !product ||
          (parts.length === 3 && !variant)
        ) {
          return undefined;
        }
        return { product, variant: parts.length === 3 ? variant : undefined, qty };
      });
      if (lines.some((line) => line === undefined) || lines.length > 100) {
        context.addIssue({
          code: 'custom',
          message: 'Items are written product:qty or product:variant:qty, separated by commas',
        });
        return z.NEVER;
      }
      return lines.filter((line) => line !== undefined);
    }),
});

/** The service an order was sold with, as it was then. */
export const orderDeliverySchema = z.object({
  service: z.string(),
  name: z.string(),
  price: z.number(),
  tracked: z.boolean(),
  signed: z.boolean(),
  collect: z.boolean(),
  estimate: estimateSchema,
});

export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** The service chosen in a quote, payment or order: its id; absent, the cheapest offered. */
export const deliveryChoiceSchema = z
  .string({ error: 'Choose a delivery service by its id' })
  .trim()
  .min(1, 'Choose a delivery service by its id')
  .max(40, 'That is not a delivery service')
  .optional();

/**
 * The service priced when the shopper has chosen none: the cheapest that sends it (collecting is
 * the shopper's choice to make), or collection when that is all the basket may use.
 */
export function defaultDeliveryOption<T extends Pick<DeliveryOption, 'collect'>>(
  options: readonly T[],
): T | undefined {
  return options.find((option) => !option.collect) ?? options[0];
}

// The words for days live apart from the schemas, so that a page which only writes a day does
// not carry every delivery schema with it.
export { arrivalWords, dayAfter, longDay, shortDay } from './delivery-days';
