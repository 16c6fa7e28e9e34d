import * as z from 'zod';

export const NEWSLETTER_EMAIL_MIN_LENGTH = 5;

export const emailSchema = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .toLowerCase()
  .max(254, 'That email address is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const subscribeBodySchema = z.object({ email: emailSchema });
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** The form sends nothing until the field holds at least five characters. */
export function canSubmitNewsletter(email: string): boolean {
  return email.trim().length >= NEWSLETTER_EMAIL_MIN_LENGTH;
}
