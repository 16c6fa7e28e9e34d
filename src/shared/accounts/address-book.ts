import * as z from 'zod';
import {
  shippingAddressBodySchema,
  shippingAddressSchema,
  type ShippingAddress,
} from './addresses';

// A signed-in customer's address book: delivery addresses saved at checkout, chosen at the next
// one and edited on the profile. An address in the book follows the checkout's own rules.

/** What can go wrong with the address book, and the HTTP status each answers. */
export const ADDRESS_BOOK_ERRORS = {
  ADDRESS_NOT_FOUND: 404,
  ADDRESS_BOOK_FULL: 400,
} as const;

/** How many addresses one customer may keep: enough for family and friends, and a bound. */
export const ADDRESS_BOOK_LIMIT = 20;

/** An address to save or to change one to: exactly the checkout's shipping address. */
export const savedAddressBodySchema = shippingAddressBodySchema;

export const savedAddressSchema = shippingAddressSchema.extend({ _id: z.string() });
/** An address in the book: the address as the checkout keeps it, and its id. */
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The book, the address saved or chosen most recently first. */
export const addressBookSchema = z.array(savedAddressSchema);

/** The address itself, without its id: what an order is sent to. */
export function addressOf(saved: SavedAddress): ShippingAddress {
  const { name, address, line2, city, county, postalCode, country, phone } = saved;
  return { name, address, line2, city, county, postalCode, country, phone };
}

/** Whether two addresses are the same one, as the shop keeps them (trimmed, postcode normalised). */
export function isSameAddress(one: ShippingAddress, other: ShippingAddress): boolean {
  const parts = [
    'name',
    'address',
    'line2',
    'city',
    'county',
    'postalCode',
    'country',
    'phone',
  ] as const;
  return parts.every((part) => one[part].toLowerCase() === other[part].toLowerCase());
}
