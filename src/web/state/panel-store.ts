import { create } from 'zustand';
import type { ListingPlace } from '../../shared/catalog/listing-query';

export type PanelRequest =
  | { kind: 'basket' }
  | { kind: 'quickView'; productId: string }
  | { kind: 'userMenu' }
  | { kind: 'review'; productId: string }
  | { kind: 'sizeGuide'; groups: string[] }
  | { kind: 'adminMenu' }
  | { kind: 'editProfile' }
  | { kind: 'editUser'; userId: string }
  | { kind: 'editProduct'; productId: string }
  | { kind: 'editVoucher'; voucherId: string }
  | { kind: 'newVoucher' }
  | { kind: 'editPromotion'; promotionId: string }
  | { kind: 'newPromotion' }
  | { kind: 'giftCard'; giftCardId: string }
  | { kind: 'filters'; place: ListingPlace };

/** How long a closing panel keeps its content, so it can slide away before it empties. */
const PANEL_CLOSE_DELAY_MS = 500;

interface PanelState {
  panel: PanelRequest | null;
  isOpen: boolean;
  open: (panel: PanelRequest) => void;
  close: () => void;
}

let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** One side panel at a time: opening another replaces the first. */
export const usePanels = create<PanelState>()((set) => ({
  panel: null,
  isOpen: false,
  open: (panel) => {
    clearTimeout(clearTimer);
    set({ panel, isOpen: true });
  },
  close: () => {
    set({ isOpen: false });
    clearTimeout(clearTimer);
    clearTimer = setTimeout(() => set({ panel: null }), PANEL_CLOSE_DELAY_MS);
  },
}));
