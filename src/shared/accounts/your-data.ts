import * as z from 'zod';
import { addressBookSchema } from './address-book';
import { formatLongDate } from '../dates';
import { ORDER_STATUSES, RETURN_WINDOW_DAYS } from '../orders/order-status';
import { orderSchema } from '../orders/orders';
import { ROLES } from './users';
import { wishlistSchema } from '../wishlist/wishlist';
import { keptBasketSchema } from '../baskets/baskets';
import { consentsSchema } from '../consents/consents';

/**
 * Everything the shop holds about the person asking, as `GET /api/users/profile/data` answers it
 * for them to keep (UK GDPR's right of access): their account, orders with their addresses,
 * saved addresses, reviews, wishlist, newsletter sign-up and back-in-stock alerts. No secret is
 * in it: no password hash, token or link key.
 */
/**
 * An order not yet settled, which closing its buyer's account leaves whole (name, street, email,
 * phone) until it is: `keptUntil` is the end of its return window once delivered, else null.
 */
export const keptOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  keptUntil: z.string().nullable(),
});
export type KeptOrder = z.infer<typeof keptOrderSchema>;

/** Until when a kept order keeps its buyer's details, in words. */
export function keptUntilWords({ status, keptUntil }: Pick<KeptOrder, 'status' | 'keptUntil'>) {
  if (keptUntil !== null) return `until ${formatLongDate(keptUntil)}`;
  if (status === 'return_requested') return 'until its return is settled';
  return `until it has been delivered and ${RETURN_WINDOW_DAYS} days have passed for returns`;
}

/**
 * What closing an account answers: the orders it leaves whole until each is settled, when there
 * are any.
 */
export const closedAccountSchema = z.object({
  message: z.string(),
  keptOrders: z.array(keptOrderSchema).optional(),
});

/** Whether the signed-in account has proved its email address (`GET /users/profile/email-proof`). */
export const emailProofStateSchema = z.object({ email: z.string(), proved: z.boolean() });
export type EmailProofState = z.infer<typeof emailProofStateSchema>;
export type ClosedAccount = z.infer<typeof closedAccountSchema>;

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
  /** The basket the shop keeps for the account, at today's prices. */
  basket: keptBasketSchema,
  /**
   * Whether the account's email is proved (a mailed link followed): until it is, records kept by
   * email (newsletter sign-up, alerts) are not counted as the account's and are not listed.
   */
  emailProved: z.boolean(),
  newsletter: z.object({ subscribedAt: z.string(), confirmedAt: z.string().nullable() }).nullable(),
  stockAlerts: z.array(
    z.object({ product: z.string(), variant: z.string().nullable(), createdAt: z.string() }),
  ),
  /** The orders that closing the account now would keep whole until each is settled. */
  keptIfClosed: z.array(keptOrderSchema),
  /** What the shop's staff wrote about them, oldest first. */
  staffNotes: z.array(z.object({ at: z.string(), text: z.string() })),
  /** Every consent to marketing mail they gave, newest first, with its words and any withdrawal. */
  consents: consentsSchema,
});
export type YourData = z.infer<typeof yourDataSchema>;
