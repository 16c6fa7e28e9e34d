import * as z from 'zod';
import { shippingAddressSchema } from '../accounts/addresses';
import { pageNumberSchema } from '../api';
import { searchWordsSchema } from '../fields';
import { ORDER_STATUSES } from '../orders/order-status';
import { ROLES } from '../accounts/users';

// The customers, as staff and the owner look them up (`GET /api/customers`, `/api/customers/:id`).
// A customer is any account, whatever its role: staff and the owner buy from the shop too, and an
// account keeps its orders when its role changes, so leaving them out would hide real orders. A
// guest who has ordered is a customer too, known by the email they checked out with.

/** An account, or a guest known by their email. */
export const CUSTOMER_KINDS = ['account', 'guest'] as const;

/** `?q=` words in a name or an email (any case, any part of it), and the page. */
export const customerQuerySchema = z.object({
  q: searchWordsSchema,
  pageNumber: pageNumberSchema,
});
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

/**
 * An account with its orders in sum: how many, what they spent (what their orders were paid less
 * what went back to them), and when they last ordered (null: never).
 */
export const customerSchema = z.object({
  _id: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  name: z.string(),
  email: z.string(),
  orders: z.number().int(),
  spent: z.number(),
  lastOrderAt: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A page of the customers found, accounts and guests, newest first, 20 a page (`ADMIN_PAGE_SIZE`). */
export const customerPageSchema = z.object({
  customers: z.array(customerSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** Staff's own words on a customer; never shown to the customer but in their data download. */
export const customerNoteSchema = z.object({
  _id: z.string(),
  at: z.string(),
  by: z.string(),
  text: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

/**
 * One customer with every order of theirs, newest first: `spent` is what they paid less what went
 * back to them (`refunded`, the refunds that went through). `role` is the account's (null for a
 * guest); `createdAt` when the account was made, or the guest first ordered. `addresses` are where
 * their latest orders went, each once, with its phone; `phones` those numbers, each once.
 */
export const customerDetailSchema = z.object({
  _id: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES).nullable(),
  createdAt: z.string(),
  orders: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      status: z.enum(ORDER_STATUSES),
      totalPrice: z.number(),
    }),
  ),
  spent: z.number(),
  refunded: z.number(),
  phones: z.array(z.string()),
  addresses: z.array(shippingAddressSchema),
  notes: z.array(customerNoteSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
