import * as z from 'zod/mini';

// A user as the API answers it. The browser checks the one it keeps between visits, so this is
// written with zod/mini, which the first page can carry at little cost.

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** What sign-in, registration and a profile update answer: the user and a fresh token. */
export const userInfoSchema = z.extend(userSchema, { token: z.string() });
export type UserInfo = z.infer<typeof userInfoSchema>;
