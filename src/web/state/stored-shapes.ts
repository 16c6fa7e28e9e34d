import * as z from 'zod/mini';
import { ROLES, userInfoSchema, type UserInfo } from '../../shared/accounts/users';

/**
 * The delivery address as the browser keeps it. Every part is optional so that an address saved
 * in an older shape (before the recipient's name, second line, county and phone) still loads: the
 * checkout checks it again and asks for what is missing, starting from what it holds.
 */
export const storedAddressSchema = z.partial(
  z.object({
    name: z.string(),
    address: z.string(),
    line2: z.string(),
    city: z.string(),
    county: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
);
export type StoredAddress = z.infer<typeof storedAddressSchema>;

/** A voucher code as the browser keeps it: a code the shop once accepted, at most as long as it takes. */
export const voucherCodeSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

/** A product's id as the browser keeps it (recently viewed): letters, digits, `-` and `_`. */
export const productIdSchema = z.string().check(z.regex(/^[\w-]{1,64}$/));

/** A delivery service's id as the browser keeps it: `tracked-48`. */
export const deliveryChoiceSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/));

/**
 * The session as the browser keeps it. One kept before accounts had a role still restores: its
 * role is read from `isAdmin`, which meant the owner, rather than the shopper being signed out.
 */
export const storedUserInfoSchema = z.pipe(
  z.extend(userInfoSchema, { role: z.optional(z.enum(ROLES)) }),
  z.transform((stored): UserInfo => ({
    ...stored,
    role: stored.role ?? (stored.isAdmin ? 'admin' : 'customer'),
  })),
);
