import * as z from 'zod';
import { emailSchema } from './fields';

/** What can go wrong with the newsletter, and the HTTP status each answers. */
export const NEWSLETTER_ERRORS = { UNSUBSCRIBE_LINK_INVALID: 400 } as const;

export const NEWSLETTER_EMAIL_MIN_LENGTH = 5;

export const subscribeBodySchema = z.object({ email: emailSchema });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** The form sends nothing until the field holds at least five characters. */
export function canSubmitNewsletter(email: string): boolean {
  return email.trim().length >= NEWSLETTER_EMAIL_MIN_LENGTH;
}
