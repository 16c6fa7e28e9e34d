import * as z from 'zod';
import { emailSchema } from '../fields';

/** What can go wrong with back-in-stock alerts, and the HTTP status each answers. */
export const STOCK_ALERT_ERRORS = { ALERT_LINK_INVALID: 400 } as const;

export const stockAlertBodySchema = z.object({
  email: emailSchema,
  /** The variant awaited; absent for a product sold one way. */
  variant: z.string().min(1).max(64).optional(),
});
export type StockAlertBody = z.infer<typeof stockAlertBodySchema>;

export const ALERT_SET_MESSAGE = "Thank you: we will email you once when it's back in stock";
export const ALERT_CANCELLED_MESSAGE = 'Your alert is cancelled. We will not write about it.';
