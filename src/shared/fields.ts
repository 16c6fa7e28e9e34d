import * as z from 'zod/mini';

// Written with zod/mini, which a bundler can leave out piece by piece: these rules are shared
// with pages whose first script should not carry all of zod.

/** Emails are trimmed and lower-cased, so `Ann@Example.com` and `ann@example.com` are one. */
export const emailSchema = z.pipe(
  z
    .string({ error: 'Please enter your email address' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, 'That email address is too long')),
  z.email({ error: 'Please enter a valid email address' }),
);

/** Names and codes: trimmed, 1 to 100 characters. */
export function shortTextSchema(label: string) {
  return z
    .string({ error: `Please enter ${label}` })
    .check(
      z.trim(),
      z.minLength(1, `Please enter ${label}`),
      z.maxLength(
        100,
        `That ${label.replace(/^(a|an|the|your) /, '')} is too long (100 characters at most)`,
      ),
    );
}

/** Words to look for in a list: trimmed, at most 100 characters; none means everything. */
export const searchWordsSchema = z.optional(
  z.string().check(z.trim(), z.maxLength(100, 'Search for 100 characters at most')),
);

/** A field left empty in a form or an address is a field not given. */
export const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);
