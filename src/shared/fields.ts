import * as z from 'zod';

/** Emails are trimmed and lower-cased, so `Ann@Example.com` and `ann@example.com` are one. */
export const emailSchema = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .toLowerCase()
  .max(254, 'That email address is too long')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** Names and codes: trimmed, 1 to 100 characters. */
export function shortTextSchema(label: string) {
  return z
    .string({ error: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(
      100,
      `That ${label.replace(/^(a|an|the|your) /, '')} is too long (100 characters at most)`,
    );
}
