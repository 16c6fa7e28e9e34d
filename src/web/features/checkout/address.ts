import { useMemo } from 'react';
import {
  shippingAddressBodySchema,
  UK,
  type ShippingAddress,
  type ShippingAddressInput,
} from '../../../shared/addresses';
import { addressOf, isSameAddress, type SavedAddress } from '../../../shared/address-book';
import { useBasket, type StoredAddress } from '../../state/basket-store';

/**
 * The stored delivery address when it would pass the server's checks; otherwise none, and checkout
 * goes back to the address form (an address kept before the shop asked for the recipient's name
 * comes back this way).
 */
export function useDeliveryAddress(): ShippingAddress | null {
  const stored = useBasket((state) => state.shippingAddress);
  return useMemo(() => {
    const parsed = shippingAddressBodySchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  }, [stored]);
}

type TypedPart = Exclude<keyof ShippingAddressInput, 'country'>;

/** The form's values: every part the shopper types, and the country, which is always the UK. */
export type AddressFormValues = Record<TypedPart, string> & Pick<ShippingAddressInput, 'country'>;

/** One part of a stored address, as the form should show it: its checked value, or blank. */
function usablePart(part: TypedPart, value: string | undefined): string {
  const parsed = shippingAddressBodySchema.shape[part].safeParse(value);
  return parsed.success ? parsed.data : '';
}

export interface AddressFormStart {
  values: AddressFormValues;
  /** Why the stored address cannot be used as it is, when it is not in the United Kingdom. */
  countryProblem: string | undefined;
}

/**
 * Where the address form starts: each stored part that still passes its check, and the signed-in
 * shopper's own name when none is stored.
 */
export function addressFormStart(
  stored: StoredAddress | null,
  shopperName: string | undefined,
): AddressFormStart {
  const country = shippingAddressBodySchema.shape.country.safeParse(stored?.country);
  // An address abroad keeps only who it is for and their phone: none of its lines can be used.
  const line = (part: TypedPart) => (country.success ? usablePart(part, stored?.[part]) : '');
  const values: AddressFormValues = {
    name: usablePart('name', stored?.name) || usablePart('name', shopperName),
    address: line('address'),
    line2: line('line2'),
    city: line('city'),
    county: line('county'),
    postalCode: line('postalCode'),
    phone: usablePart('phone', stored?.phone),
    country: UK,
  };
  return {
    values,
    countryProblem: country.success ? undefined : country.error.issues[0]?.message,
  };
}

/** The choice on the shipping step: a saved address's id, or a new address typed in the form. */
export const NEW_ADDRESS = 'new';

export interface ShippingStart {
  choice: string;
  form: AddressFormStart;
}

/**
 * Where the shipping step starts for a customer with saved addresses (`book`, most recently used
 * first): the address this browser holds when it is one of them; else that address in the form,
 * as a new one; else the saved address used last, with a blank form (the shopper's name in it) for
 * a new one.
 */
export function shippingStart(
  book: readonly SavedAddress[],
  stored: StoredAddress | null,
  shopperName: string | undefined,
): ShippingStart {
  const parsed = shippingAddressBodySchema.safeParse(stored);
  const usable = parsed.success ? parsed.data : null;
  const known = usable && book.find((entry) => isSameAddress(addressOf(entry), usable));
  if (known) return { choice: known._id, form: addressFormStart(null, shopperName) };
  const first = book[0];
  if (stored !== null || !first) {
    return { choice: NEW_ADDRESS, form: addressFormStart(stored, shopperName) };
  }
  return { choice: first._id, form: addressFormStart(null, shopperName) };
}
