import * as z from 'zod/mini';

// A basket line as the browser keeps it between visits, and checks when it reads it back.

export const basketItemSchema = z.object({
  product: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  /** Pounds, as the catalogue shows it; the server re-prices every order. */
  price: z.number().check(z.nonnegative()),
  countInStock: z.int().check(z.nonnegative()),
  qty: z.int().check(z.positive()),
  /** The variant chosen (a size, a chain length); absent for a product sold one way, and in
   * baskets saved before options existed. */
  variant: z.nullish(z.string()),
  /** `Size: M`, as the product page showed it. */
  variantLabel: z.nullish(z.string()),
});
export type BasketItem = z.infer<typeof basketItemSchema>;
