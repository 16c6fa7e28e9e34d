import * as z from 'zod/mini';

// A user as the API answers it. The browser checks the one it keeps between visits, so this is
// written with zod/mini, which the first page can carry at little cost.

/**
 * What an account may do: shop; pack and send orders, read customers and change stock (staff);
 * or everything besides (admin, the owner).
 */
export const ROLES = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** True for the admin role only; kept for clients that know no other. */
  isAdmin: z.boolean(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

/** What sign-in, registration and a profile update answer: the user and a fresh token. */
export const userInfoSchema = z.extend(userSchema, { token: z.string() });
export type UserInfo = z.infer<typeof userInfoSchema>;
