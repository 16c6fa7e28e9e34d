import * as z from 'zod/mini';

// A basket line as the browser keeps it between visits, and checks when it reads it back.

/**
 * A gift card line's details as the browser keeps them: `id` tells one card line from another
 * (two £25 cards for two people are two lines); the rest is what the checkout sends as the line's
 * `giftCard`. The amount, in pounds, only for the option whose amount the buyer names.
 */
export const basketGiftCardSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  sendOn: z.string(),
  amount: z.optional(z.number().check(z.positive())),
});
export type BasketGiftCard = z.infer<typeof basketGiftCardSchema>;

/**
 * A personalised line's text as the browser keeps it, with what the product called it and what
 * the text adds to each item (pounds, within the line's `price`).
 */
export const basketPersonalisationSchema = z.object({
  label: z.string(),
  text: z.string().check(z.minLength(1)),
  price: z.number().check(z.nonnegative()),
});
export type BasketPersonalisation = z.infer<typeof basketPersonalisationSchema>;

export const basketItemSchema = z.object({
  product: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  /**
   * Pounds, as the catalogue shows it (a personalised line's with its text's price); the server
   * re-prices every order.
   */
  price: z.number().check(z.nonnegative()),
  countInStock: z.int().check(z.nonnegative()),
  qty: z.int().check(z.positive()),
  /** The variant chosen (a size, a chain length); absent for a product sold one way, and in
   * baskets saved before options existed. */
  variant: z.nullish(z.string()),
  /** `Size: M`, as the product page showed it. */
  variantLabel: z.nullish(z.string()),
  /** A gift card's recipient, message and day; absent for goods, and in older baskets. */
  giftCard: z.optional(basketGiftCardSchema),
  /** Made to order, as the product page showed it: its lead days. Absent when not. */
  madeToOrder: z.nullish(z.object({ leadDays: z.int() })),
  /** On pre-order, as the product page showed it: its release date. Absent when not. */
  preorder: z.nullish(z.object({ releaseDate: z.string() })),
  /** The buyer's text, for a product they personalised; absent for one sold as it is. */
  personalisation: z.optional(basketPersonalisationSchema),
});
export type BasketItem = z.infer<typeof basketItemSchema>;
