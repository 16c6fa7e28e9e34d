import { useMemo } from 'react';
import * as z from 'zod';
import {
  orderAddressBodySchema,
  shippingAddressBodySchema,
  UK,
  type OrderAddressBody,
  type ShippingAddress,
  type ShippingAddressInput,
} from '../../../shared/accounts/addresses';
import type { ChosenDelivery } from '../../state/delivery-choice';
import { addressOf, isSameAddress, type SavedAddress } from '../../../shared/accounts/address-book';
import { useBasket, type StoredAddress } from '../../state/basket-store';
import { holdsOnlyGiftCards } from '../../../shared/orders/basket';
import { isCleanText } from '../../../shared/text';

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

/** Whether a kept address says where to send to: any part of a street, town or postcode. */
export const hasStreet = (stored: StoredAddress | null): stored is StoredAddress =>
  Boolean(stored?.address || stored?.city || stored?.postalCode);

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

/** The server's words for a collection without a phone number (see `missingForDelivery`). */
export const PHONE_TO_COLLECT =
  'Please enter a phone number, so that we can call you when it is ready';

/**
 * Who collects an order from the collection point: a name and a phone number to call when it is
 * ready, each checked as the delivery address checks it; no street, since nothing is sent.
 */
export const collectAddressSchema = z.object({
  name: shippingAddressBodySchema.shape.name,
  phone: z
    .string({ error: PHONE_TO_COLLECT })
    .trim()
    .min(1, PHONE_TO_COLLECT)
    .superRefine((phone, context) => {
      const checked = shippingAddressBodySchema.shape.phone.safeParse(phone);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          context.addIssue({ code: 'custom', message: issue.message });
        }
      }
    }),
});
export type CollectAddress = z.output<typeof collectAddressSchema>;

/** The collector as a payment and an order take them: their name and phone, no street. */
export const collectorOf = (collector: CollectAddress): OrderAddressBody =>
  orderAddressBodySchema.parse(collector);

/**
 * Who and where the order is for, by the service priced: for a collection, the name and phone
 * number kept; else the whole address. `waiting` while the shop has not said which service that
 * is, and `missing` when what this browser keeps will not do for it (checkout goes back to the
 * shipping step).
 */
export type OrderAddress =
  | { state: 'usable'; collect: false; address: ShippingAddress }
  | { state: 'usable'; collect: true; address: OrderAddressBody }
  | { state: 'waiting' }
  | { state: 'missing' };

/**
 * Who an order of gift cards alone is for: the buyer's name, for the receipt and the cards' mails.
 * Nothing is sent, so no street and no phone.
 */
export const giftCardsBuyerSchema = z.object({
  name: z
    .string({ error: 'Please enter your name' })
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Your name can be at most 100 characters')
    .refine((name) => isCleanText(name), 'Your name holds a character that cannot be used'),
});

/** The buyer of gift cards alone, as a payment and an order take them; null when not kept. */
export function useGiftCardsBuyer(): OrderAddressBody | null {
  const stored = useBasket((state) => state.shippingAddress);
  return useMemo(() => {
    const buyer = giftCardsBuyerSchema.safeParse(stored);
    return buyer.success ? orderAddressBodySchema.parse(buyer.data) : null;
  }, [stored]);
}

/**
 * Whether what this browser keeps could do for an order at all, sent or collected; for gift cards
 * alone, a name is all. So it is for a basket just emptied by placing an order of gift cards
 * alone, which must not send its buyer back to the name step on the way to their thank-you page.
 */
export function useAnyOrderAddress(): boolean {
  const stored = useBasket((state) => state.shippingAddress);
  const nameIsEnough = useBasket(
    (state) => state.basketItems.length === 0 || holdsOnlyGiftCards(state.basketItems),
  );
  return useMemo(
    () =>
      (nameIsEnough && giftCardsBuyerSchema.safeParse(stored).success) ||
      shippingAddressBodySchema.safeParse(stored).success ||
      collectAddressSchema.safeParse(stored).success,
    [stored, nameIsEnough],
  );
}

export function useOrderAddress(delivery: ChosenDelivery): OrderAddress {
  const stored = useBasket((state) => state.shippingAddress);
  const sent = useDeliveryAddress();
  if (delivery.answer.isPending) return { state: 'waiting' };
  // Without the shop's answer, the service priced is its default, which sends the order.
  if (!delivery.chosen?.collect) {
    return sent ? { state: 'usable', collect: false, address: sent } : { state: 'missing' };
  }
  const collector = collectAddressSchema.safeParse(stored);
  return collector.success
    ? { state: 'usable', collect: true, address: collectorOf(collector.data) }
    : { state: 'missing' };
}
