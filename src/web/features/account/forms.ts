import * as z from 'zod';
import {
  loginBodySchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORDS_MUST_NOT_BE_EMPTY,
  passwordSchema,
  registerBodySchema,
} from '../../../shared/accounts/accounts';
import { emailSchema, shortTextSchema } from '../../../shared/fields';

/**
 * The account forms' own schemas: the API's body schemas from `src/shared`, plus what only a form
 * has (a confirmation field, a blank meaning "keep") and the spec's sentences.
 */

export const CURRENT_PASSWORD_NEEDED =
  'Please enter your current password to change your email or password';

/** A blank address is asked for, rather than called invalid. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'Please enter your email address')
  .pipe(emailSchema);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Lets an object-level check run while another field is still wrong (by default zod skips it), so
 * that every mistake shows at once; it only needs the named fields to be strings.
 */
const whenStrings =
  (...keys: string[]) =>
  ({ value }: { value: unknown }) =>
    isRecord(value) && keys.every((key) => typeof value[key] === 'string');

const passwordsMatch = {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ['confirmPassword'],
  when: whenStrings('password', 'confirmPassword'),
};

export const loginFormSchema = z.object({
  email: emailField,
  password: loginBodySchema.shape.password,
});

export const registerFormSchema = z
  .object({
    name: registerBodySchema.shape.name,
    email: emailField,
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);

/** A new password is optional on the profile: blank keeps the old one. */
const optionalNewPassword = z
  .string()
  .refine(
    (password) => password === '' || password.length >= PASSWORD_MIN_LENGTH,
    `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`,
  )
  .max(PASSWORD_MAX_LENGTH, `Passwords must be at most ${PASSWORD_MAX_LENGTH} characters`);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The profile form; `savedEmail` tells whether the email is being changed. */
export function profileFormSchema(savedEmail: string) {
  return z
    .object({
      name: shortTextSchema('your name'),
      email: emailField,
      password: optionalNewPassword,
      confirmPassword: z.string(),
      currentPassword: z.string().max(PASSWORD_MAX_LENGTH, 'That password is too long'),
    })
    .refine((form) => form.password === form.confirmPassword, passwordsMatch)
    .refine(
      (form) =>
        form.currentPassword !== '' || (form.password === '' && sameEmail(form.email, savedEmail)),
      {
        message: CURRENT_PASSWORD_NEEDED,
        path: ['currentPassword'],
        when: whenStrings('email', 'password', 'currentPassword'),
      },
    );
}

export const forgotPasswordFormSchema = z.object({ email: emailField });

export const resetPasswordFormSchema = z
  .object({
    password: z.string().min(1, PASSWORDS_MUST_NOT_BE_EMPTY).pipe(passwordSchema),
    confirmPassword: z.string().min(1, PASSWORDS_MUST_NOT_BE_EMPTY),
  })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);
