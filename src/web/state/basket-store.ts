import { create } from 'zustand';
import {
  addToBasket,
  changeQuantity,
  chooseVariantOfLine,
  removeFromBasket,
  type BasketAddition,
} from '../../shared/orders/basket';
import type { BasketItem } from '../../shared/orders/basket-item';
import { PAYMENT_METHOD } from '../../shared/settings/shop';
import type { StoredAddress } from './stored-shapes';
import { writeStored } from './stored';

export type { StoredAddress };

/** Why the shop refused a voucher code, in its own words. */
export interface VoucherRefusal {
  code: string;
  message: string;
}

/** Why the shop refused a gift card, in its own words; `code` as typed, when one was being applied. */
export interface GiftCardRefusal {
  code: string | null;
  message: string;
}

interface BasketState {
  basketItems: BasketItem[];
  shippingAddress: StoredAddress | null;
  paymentMethod: string;
  /** The voucher applied, kept (like the address) until removed, refused or used by an order. */
  voucherCode: string | null;
  /** The shop's last refusal of a voucher, told beside the voucher field; not kept. */
  voucherRefusal: VoucherRefusal | null;
  /**
   * The gift card codes applied, in the order given (the first pays first), up to 3. Held for this
   * visit only: a code is money, so it is never written into the browser's storage.
   */
  giftCardCodes: string[];
  /** The shop's last refusal of a gift card, told beside the gift card field; not kept. */
  giftCardRefusal: GiftCardRefusal | null;
  /** The email a shopper checking out as a guest gave, kept until they sign in. */
  guestEmail: string | null;
  /** The guest's own name (a gift's recipient is on the address), kept with their email. */
  guestName: string | null;
  /**
   * The delivery service the shopper chose, by its id, kept until the order is placed; null: the
   * shop's default (the cheapest that sends it). Where the basket may no longer use it, the
   * default is priced instead, and the shopper told.
   */
  delivery: string | null;
  /**
   * The token a guest's basket is kept under by the shop, once they asked to be reminded of it
   * (or opened a reminder's link): changes to the basket go to the shop under it.
   */
  keptToken: string | null;
  keepUnderToken: (token: string | null) => void;
  /** Adds to the line of that product (or variant), up to its stock; says what it did. */
  add: (item: BasketItem) => BasketAddition;
  /** Lines are named by `lineKey`: the product, and the variant when there is one. */
  setQuantity: (key: string, qty: number) => void;
  remove: (key: string) => void;
  chooseVariant: (key: string, chosen: BasketItem) => void;
  reset: () => void;
  chooseDelivery: (service: string | null) => void;
  saveShippingAddress: (address: StoredAddress | null) => void;
  savePaymentMethod: (paymentMethod: string) => void;
  /** A code the shop has priced the basket with. */
  applyVoucher: (code: string) => void;
  removeVoucher: () => void;
  /** The shop refused `code`: it is no longer applied, if it was, and the reason is kept to tell. */
  refuseVoucher: (refusal: VoucherRefusal) => void;
  /** A code the shop has priced the basket with, after those already applied. */
  applyGiftCard: (code: string) => void;
  removeGiftCard: (code: string) => void;
  /**
   * The shop refused a gift card: the one being applied (`code`), or, when it cannot say which
   * of those applied (one spent or expired meanwhile), all of them, to be applied again.
   */
  refuseGiftCard: (refusal: GiftCardRefusal) => void;
  /**
   * Checks out without an account as `guest`, the order's mails going to their email; null: no
   * longer.
   */
  checkOutAsGuest: (guest: { email: string; name: string } | null) => void;
}

/**
 * The basket's lines changed: a refusal said of the old ones (how much more to spend) no longer
 * holds. The voucher stays; the next quote says whether it still applies.
 */
const withItems = (basketItems: BasketItem[]) => ({ basketItems, voucherRefusal: null });

/** The shop reads a voucher code in any case: `welcome5` is `WELCOME5`. */
const sameCode = (applied: string | null, code: string) =>
  applied?.toLowerCase() === code.toLowerCase();

/** The basket lives in the browser; each part is kept under its own localStorage key. */
export const useBasket = create<BasketState>()((set, get) => ({
  basketItems: [],
  shippingAddress: null,
  guestEmail: null,
  guestName: null,
  delivery: null,
  keptToken: null,
  paymentMethod: PAYMENT_METHOD,
  voucherCode: null,
  voucherRefusal: null,
  giftCardCodes: [],
  giftCardRefusal: null,
  add: (item) => {
    const addition = addToBasket(get().basketItems, item);
    set(withItems(addition.items));
    return addition;
  },
  setQuantity: (key, qty) => set((state) => withItems(changeQuantity(state.basketItems, key, qty))),
  remove: (key) => set((state) => withItems(removeFromBasket(state.basketItems, key))),
  chooseVariant: (key, chosen) =>
    set((state) => withItems(chooseVariantOfLine(state.basketItems, key, chosen))),
  /**
   * Empties the basket after an order, and forgets its voucher and delivery service so that they
   * are not carried into the next one (a collection chosen once would surprise on a later
   * order); the delivery address stays for the next order. A guest's kept basket is left behind:
   * the next basket is reminded of only if they ask again.
   */
  reset: () =>
    set({
      basketItems: [],
      keptToken: null,
      voucherCode: null,
      voucherRefusal: null,
      giftCardCodes: [],
      giftCardRefusal: null,
      delivery: null,
    }),
  chooseDelivery: (delivery) => set({ delivery }),
  keepUnderToken: (keptToken) => set({ keptToken }),
  saveShippingAddress: (shippingAddress) => set({ shippingAddress }),
  savePaymentMethod: (paymentMethod) => set({ paymentMethod }),
  applyVoucher: (voucherCode) => set({ voucherCode, voucherRefusal: null }),
  removeVoucher: () => set({ voucherCode: null, voucherRefusal: null }),
  applyGiftCard: (code) =>
    set((state) => ({
      giftCardCodes: state.giftCardCodes.includes(code)
        ? state.giftCardCodes
        : [...state.giftCardCodes, code],
      giftCardRefusal: null,
    })),
  removeGiftCard: (code) =>
    set((state) => ({
      giftCardCodes: state.giftCardCodes.filter((applied) => applied !== code),
      giftCardRefusal: null,
    })),
  refuseGiftCard: (refusal) =>
    set((state) => ({
      giftCardRefusal: refusal,
      giftCardCodes: refusal.code === null ? [] : state.giftCardCodes,
    })),
  checkOutAsGuest: (guest) =>
    set({ guestEmail: guest?.email ?? null, guestName: guest?.name ?? null }),
  refuseVoucher: (refusal) =>
    set((state) => ({
      voucherRefusal: refusal,
      voucherCode: sameCode(state.voucherCode, refusal.code) ? null : state.voucherCode,
    })),
}));

// The store starts empty, as on the server, so that a page the server rendered is taken over
// without a mismatch; what this browser kept is put back before the app starts (`restoreStored`).

useBasket.subscribe((state, previous) => {
  if (state.basketItems !== previous.basketItems) writeStored('basketItems', state.basketItems);
  if (state.shippingAddress !== previous.shippingAddress) {
    writeStored('shippingAddress', state.shippingAddress);
  }
  if (state.paymentMethod !== previous.paymentMethod) {
    writeStored('paymentMethod', state.paymentMethod);
  }
  if (state.voucherCode !== previous.voucherCode) writeStored('voucherCode', state.voucherCode);
  if (state.guestEmail !== previous.guestEmail) writeStored('guestEmail', state.guestEmail);
  if (state.guestName !== previous.guestName) writeStored('guestName', state.guestName);
  if (state.delivery !== previous.delivery) writeStored('delivery', state.delivery);
  if (state.keptToken !== previous.keptToken) writeStored('keptBasketToken', state.keptToken);
});
