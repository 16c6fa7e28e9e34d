import * as z from 'zod';
import { addressBookSchema } from './address-book';
import { orderSchema } from './orders';
import { ROLES } from './users';
import { wishlistSchema } from './wishlist';

/**
 * Everything the shop holds about the person asking, as `GET /api/users/profile/data` answers it
 * for them to keep (UK GDPR's right of access): their account, orders with their addresses,
 * saved addresses, reviews, wishlist, newsletter sign-up and back-in-stock alerts. No secret is
 * in it: no password hash, token or link key.
 */
export const yourDataSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    createdAt: z.string(),
  }),
  orders: z.array(orderSchema),
  addresses: addressBookSchema,
  /** Shown or hidden by the shop, with the shop's reply when there is one. */
  reviews: z.array(
    z.object({
      _id: z.string(),
      product: z.string(),
      rating: z.number(),
      comment: z.string(),
      createdAt: z.string(),
      verified: z.boolean(),
      hidden: z.boolean(),
      reply: z.object({ text: z.string(), createdAt: z.string() }).optional(),
    }),
  ),
  wishlist: wishlistSchema,
  newsletter: z.object({ subscribedAt: z.string(), confirmedAt: z.string().nullable() }).nullable(),
  stockAlerts: z.array(
    z.object({ product: z.string(), variant: z.string().nullable(), createdAt: z.string() }),
  ),
});
export type YourData = z.infer<typeof yourDataSchema>;
