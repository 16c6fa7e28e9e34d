import * as z from 'zod';
import { create } from 'zustand';
import {
  addToBasket,
  basketItemSchema,
  changeQuantity,
  removeFromBasket,
  shippingAddressSchema,
  type BasketItem,
  type ShippingAddress,
} from '../../shared/basket';
import { PAYMENT_METHOD } from '../../shared/orders';
import { readStored, writeStored } from './stored';

interface BasketState {
  basketItems: BasketItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: string;
  add: (item: BasketItem) => void;
  setQuantity: (productId: string, qty: number) => void;
  remove: (productId: string) => void;
  reset: () => void;
  saveShippingAddress: (address: ShippingAddress | null) => void;
  savePaymentMethod: (paymentMethod: string) => void;
}

/** The basket lives in the browser; each part is kept under its own localStorage key. */
export const useBasket = create<BasketState>()((set) => ({
  basketItems: readStored('basketItems', z.array(basketItemSchema), []),
  shippingAddress: readStored('shippingAddress', shippingAddressSchema.nullable(), null),
  paymentMethod: readStored('paymentMethod', z.string(), PAYMENT_METHOD),
  add: (item) => set((state) => ({ basketItems: addToBasket(state.basketItems, item) })),
  setQuantity: (productId, qty) =>
    set((state) => ({ basketItems: changeQuantity(state.basketItems, productId, qty) })),
  remove: (productId) =>
    set((state) => ({ basketItems: removeFromBasket(state.basketItems, productId) })),
  /** Empties the basket after an order; the delivery address stays for the next one. */
  reset: () => set({ basketItems: [] }),
  saveShippingAddress: (shippingAddress) => set({ shippingAddress }),
  savePaymentMethod: (paymentMethod) => set({ paymentMethod }),
}));

useBasket.subscribe((state, previous) => {
  if (state.basketItems !== previous.basketItems) writeStored('basketItems', state.basketItems);
  if (state.shippingAddress !== previous.shippingAddress) {
    writeStored('shippingAddress', state.shippingAddress);
  }
  if (state.paymentMethod !== previous.paymentMethod) {
    writeStored('paymentMethod', state.paymentMethod);
  }
});
