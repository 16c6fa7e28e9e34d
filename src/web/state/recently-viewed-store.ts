import { create } from 'zustand';
import { writeStored } from './stored';

/** How many products the browser keeps: the last 8 the shopper opened. */
export const RECENTLY_VIEWED_LIMIT = 8;

interface RecentlyViewedState {
  /** Product ids, the one opened most recently first. */
  ids: string[];
  /** The shopper opened this product: it moves to the front. */
  view: (id: string) => void;
  /** A product the shop no longer shows (gone or back to draft). */
  forget: (id: string) => void;
}

/**
 * The products this browser opened lately, kept under `recentlyViewed`. Ids only: names, prices
 * and stock are asked of the shop when shown, so a row never shows a price that has changed.
 */
export const useRecentlyViewed = create<RecentlyViewedState>()((set) => ({
  ids: [],
  view: (id) =>
    set((state) =>
      state.ids[0] === id
        ? state
        : {
            ids: [id, ...state.ids.filter((kept) => kept !== id)].slice(0, RECENTLY_VIEWED_LIMIT),
          },
    ),
  forget: (id) =>
    set((state) =>
      state.ids.includes(id) ? { ids: state.ids.filter((kept) => kept !== id) } : state,
    ),
}));

// Empty at first, as on the server; what this browser kept is put back before the app starts
// (`restoreStored`).

useRecentlyViewed.subscribe((state, previous) => {
  if (state.ids !== previous.ids) {
    writeStored('recentlyViewed', state.ids.length === 0 ? null : state.ids);
  }
});
