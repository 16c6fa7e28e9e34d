import * as z from 'zod/mini';
import { emailSchema } from './fields';

/** What can go wrong with the newsletter, and the HTTP status each answers. */
export const NEWSLETTER_ERRORS = {
  UNSUBSCRIBE_LINK_INVALID: 400,
  CONFIRMATION_LINK_INVALID: 400,
} as const;

export const subscribeBodySchema = z.object({ email: emailSchema });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;
