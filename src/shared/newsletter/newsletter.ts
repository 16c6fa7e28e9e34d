import * as z from 'zod/mini';
import { emailSchema } from '../fields';

/** What can go wrong with the newsletter, and the HTTP status each answers. */
export const NEWSLETTER_ERRORS = {
  UNSUBSCRIBE_LINK_INVALID: 400,
  CONFIRMATION_LINK_INVALID: 400,
} as const;

export const subscribeBodySchema = z.object({ email: emailSchema });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** A subscriber as admins see them. */
export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** When they confirmed with the mailed link (their consent); null while they have not. */
  confirmedAt: z.nullable(z.string()),
  /** Where they signed up: the footer's form or their account page. */
  source: z.enum(['footer', 'account']),
});
export const subscriberPageSchema = z.object({
  subscribers: z.array(subscriberSchema),
  page: z.int(),
  pages: z.int(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;
