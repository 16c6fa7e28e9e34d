import * as z from 'zod/mini';
import { emailSchema } from '../fields';

// The basket the shop keeps for a shopper: a signed-in customer's, the same on every device, and a
// guest's who asked at checkout to be reminded of it, under a random token. Only goods sold as they
// are: a gift card's recipient and a personalised line's text stay in the browser that chose them.
// Written with zod/mini, as the browser checks what it is answered.

/** Whether the shop keeps a basket line: goods sold as they are, not gift cards or personalised. */
export const isKeptLine = (item: { giftCard?: unknown; personalisation?: unknown }) =>
  item.giftCard === undefined && item.personalisation === undefined;

/** What can go wrong with a kept basket, and the HTTP status each answers. */
export const KEPT_BASKET_ERRORS = {
  BASKET_NOT_FOUND: 404,
} as const;

/** How many lines a kept basket holds, and how many of one item a line: more than anyone buys. */
export const KEPT_BASKET_LINES_MOST = 50;
export const KEPT_BASKET_QTY_MOST = 99;

const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

/** A line as a browser sends it: the product, the variant chosen (if it has options), how many. */
export const keptBasketLineBodySchema = z.object({
  product: idSchema,
  variant: z.optional(z.nullable(idSchema)),
  qty: z
    .int({ error: 'qty must be a whole number' })
    .check(
      z.minimum(1, 'qty must be at least 1'),
      z.maximum(KEPT_BASKET_QTY_MOST, `qty can be at most ${KEPT_BASKET_QTY_MOST}`),
    ),
});
export type KeptBasketLineBody = z.infer<typeof keptBasketLineBodySchema>;

const linesSchema = z
  .array(keptBasketLineBodySchema, { error: 'items must be a list of lines' })
  .check(
    z.maxLength(KEPT_BASKET_LINES_MOST, `A basket holds ${KEPT_BASKET_LINES_MOST} lines at most`),
  );

/** `PUT /api/basket` and `PUT /api/baskets/:token`: the whole basket, replacing what was kept. */
export const keptBasketBodySchema = z.object({ items: linesSchema });
export type KeptBasketBody = z.infer<typeof keptBasketBodySchema>;

/** `POST /api/baskets`: a guest asks to be reminded of their basket at this address. */
export const guestBasketBodySchema = z.object({ email: emailSchema, items: linesSchema });
export type GuestBasketBody = z.infer<typeof guestBasketBodySchema>;

/** The random token a guest's basket is kept under, as it goes in an address. */
export const keptBasketParamsSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/)),
});

export const keptBasketTokenSchema = z.object({ token: z.string() });

/** A kept line, priced from the catalogue as it is now: what the basket page shows. */
export const keptBasketLineSchema = z.object({
  product: z.string(),
  /** The variant chosen; null for a product sold one way. */
  variant: z.nullable(z.string()),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  /** `Ring size: N`, for a variant; null otherwise. */
  variantLabel: z.nullable(z.string()),
  /** Pounds, today's. */
  price: z.number(),
  qty: z.int(),
  /** What may be bought now (made to order and pre-orders are not limited by stock). */
  countInStock: z.int(),
  madeToOrder: z.optional(z.object({ leadDays: z.int() })),
  preorder: z.optional(z.object({ releaseDate: z.string() })),
});
export type KeptBasketLine = z.infer<typeof keptBasketLineSchema>;

/**
 * A kept basket: its lines still on sale, at today's prices and stock, and when it last changed
 * (null when the shop keeps none for the caller yet).
 */
export const keptBasketSchema = z.object({
  items: z.array(keptBasketLineSchema),
  changedAt: z.nullable(z.string()),
});
export type KeptBasket = z.infer<typeof keptBasketSchema>;
