import * as z from 'zod';
import { pageNumberSchema } from './api';
import { searchWordsSchema } from './fields';
import { ORDER_STATUSES } from './order-status';
import { ROLES } from './users';

// The customers, as staff and the owner look them up (`GET /api/customers`, `/api/customers/:id`).
// A customer is any account, whatever its role: staff and the owner buy from the shop too, and an
// account keeps its orders when its role changes, so leaving them out would hide real orders.

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
  name: z.string(),
  email: z.string(),
  orders: z.number().int(),
  spent: z.number(),
  lastOrderAt: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** A page of the accounts found, newest first, 20 a page (`ADMIN_PAGE_SIZE`). */
export const customerPageSchema = z.object({
  customers: z.array(customerSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/**
 * One account with every order of theirs, newest first: `spent` is what they paid less what went
 * back to them (`refunded`, the refunds that went through).
 */
export const customerDetailSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
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
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
