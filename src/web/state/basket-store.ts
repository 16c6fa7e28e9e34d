import { create } from 'zustand';
import {
  addToBasket,
  changeQuantity,
  chooseVariantOfLine,
  removeFromBasket,
  type BasketAddition,
} from '../../shared/basket';
import type { BasketItem } from '../../shared/basket-item';
import { PAYMENT_METHOD } from '../../shared/shop';
import type { StoredAddress } from './stored-shapes';
import { writeStored } from './stored';

export type { StoredAddress };

interface BasketState {
  basketItems: BasketItem[];
  shippingAddress: StoredAddress | null;
  paymentMethod: string;
  /** Adds to the line of that product (or variant), up to its stock; says what it did. */
  add: (item: BasketItem) => BasketAddition;
  /** Lines are named by `lineKey`: the product, and the variant when there is one. */
  setQuantity: (key: string, qty: number) => void;
  remove: (key: string) => void;
  chooseVariant: (key: string, chosen: BasketItem) => void;
  reset: () => void;
  saveShippingAddress: (address: StoredAddress | null) => void;
  savePaymentMethod: (paymentMethod: string) => void;
}

/** The basket lives in the browser; each part is kept under its own localStorage key. */
export const useBasket = create<BasketState>()((set, get) => ({
  basketItems: [],
  shippingAddress: null,
  paymentMethod: PAYMENT_METHOD,
  add: (item) => {
    const addition = addToBasket(get().basketItems, item);
    set({ basketItems: addition.items });
    return addition;
  },
  setQuantity: (key, qty) =>
    set((state) => ({ basketItems: changeQuantity(state.basketItems, key, qty) })),
  remove: (key) => set((state) => ({ basketItems: removeFromBasket(state.basketItems, key) })),
  chooseVariant: (key, chosen) =>
    set((state) => ({ basketItems: chooseVariantOfLine(state.basketItems, key, chosen) })),
  /** Empties the basket after an order; the delivery address stays for the next one. */
  reset: () => set({ basketItems: [] }),
  saveShippingAddress: (shippingAddress) => set({ shippingAddress }),
  savePaymentMethod: (paymentMethod) => set({ paymentMethod }),
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
});
