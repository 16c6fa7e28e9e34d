import { create } from 'zustand';
import type { WishlistEntry } from '../../shared/wishlist/wishlist';
import { writeStored } from './stored';

export type { WishlistEntry };

/** How many entries a guest's browser keeps: the shop's own bound on a list. */
const GUEST_WISHLIST_LIMIT = 200;

const isEntry = (entry: WishlistEntry, product: string, variant: string | null) =>
  entry.product === product && entry.variant === variant;

interface GuestWishlistState {
  /** The entry added most recently first, as the shop lists a signed-in customer's. */
  entries: WishlistEntry[];
  add: (product: string, variant: string | null) => void;
  remove: (product: string, variant: string | null) => void;
  clear: () => void;
}

/**
 * A guest's wishlist, kept in this browser under `wishlist` until they sign in, when it joins the
 * account's (see `api/wishlist.ts`). Names only: prices and stock are asked of the catalogue.
 */
export const useGuestWishlist = create<GuestWishlistState>()((set) => ({
  entries: [],
  add: (product, variant) =>
    set((state) =>
      state.entries.some((entry) => isEntry(entry, product, variant))
        ? state
        : {
            entries: [
              { product, variant, addedAt: new Date().toISOString() },
              ...state.entries,
            ].slice(0, GUEST_WISHLIST_LIMIT),
          },
    ),
  remove: (product, variant) =>
    set((state) => ({
      entries: state.entries.filter((entry) => !isEntry(entry, product, variant)),
    })),
  clear: () => set({ entries: [] }),
}));

// Empty at first, as on the server; what this browser kept is put back before the app starts
// (`restoreStored`).

useGuestWishlist.subscribe((state, previous) => {
  if (state.entries !== previous.entries) {
    writeStored('wishlist', state.entries.length === 0 ? null : state.entries);
  }
});
