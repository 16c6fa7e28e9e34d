import * as z from 'zod';
import { blankAsMissing, emailSchema, shortTextSchema } from '../fields';
import { ROLES, userSchema } from './users';

/** What can go wrong with an account, and the HTTP status each answers. */
export const ACCOUNT_ERRORS = {
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  CURRENT_PASSWORD_REQUIRED: 400,
  CURRENT_PASSWORD_WRONG: 403,
  OWN_ADMIN_RIGHTS: 400,
  OWN_ACCOUNT: 400,
  USER_NOT_FOUND: 404,
  RESET_LINK_INVALID: 400,
  PROOF_LINK_INVALID: 400,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const passwordSchema = z
  .string({ error: 'Please enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Passwords must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password being checked rather than chosen: any string, bounded so hashing stays cheap. */
const givenPasswordSchema = z
  .string({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(PASSWORD_MAX_LENGTH, 'Invalid email or password');

/** An empty field means "leave it as it is". */
export const registerBodySchema = z.object({
  name: z
    .string({ error: 'Please enter your name as text' })
    .trim()
    .max(100, 'That name is too long (100 characters at most)')
    .optional(),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: givenPasswordSchema });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Closing one's own account takes the password, so a borrowed session cannot close it. */
export const closeAccountBodySchema = z.object({ password: givenPasswordSchema });
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;

/** How a closed account's orders and reviews name the person who is no longer there. */
export const FORMER_CUSTOMER = 'A former customer';

export const profileUpdateBodySchema = z.object({
  name: shortTextSchema('your name'),
  email: emailSchema,
  password: z.preprocess(blankAsMissing, passwordSchema.optional()),
  currentPassword: z.preprocess(blankAsMissing, givenPasswordSchema.optional()),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/**
 * An admin's change to an account. `role` says what it may do; `isAdmin`, for clients that know
 * no roles, means the admin role when true, and when false takes it away (leaving staff as staff).
 */
export const adminUserUpdateBodySchema = z
  .object({
    name: shortTextSchema('a name'),
    email: emailSchema,
    role: z.enum(ROLES, { error: 'The role must be customer, staff or admin' }).optional(),
    isAdmin: z.boolean({ error: 'isAdmin must be true or false' }).optional(),
  })
  .refine((body) => body.role !== undefined || body.isAdmin !== undefined, {
    message: 'Please choose a role',
    path: ['role'],
  });
export type AdminUserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

/** One page of every account, newest first. */
export const adminUserPageSchema = z.object({
  users: z.array(userSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

/** The token of a link that proves an account's email address. */
export const emailProofBodySchema = z.object({
  token: z.string({ error: 'The link is missing its token' }).min(1).max(200),
});

export const resetTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const resetPasswordBodySchema = z.object({
  resetLink: z.string().max(200).optional(),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const PASSWORD_RESET_SENT = 'Password reset link has been sent';
export const PASSWORD_RESET_DONE = 'Password reset successfully completed';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORDS_MUST_NOT_BE_EMPTY = 'Passwords must not be empty';
