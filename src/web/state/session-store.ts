import { create } from 'zustand';
import type { UserInfo } from '../../shared/accounts/users';
import { isKeptLine } from '../../shared/baskets/baskets';
import { useBasket } from './basket-store';
import { writeStored } from './stored';

export type { UserInfo };

/** Why the last session ended: the shopper chose to sign out, or the server refused the token. */
type SignOutReason = 'shopper' | 'expired';

interface SessionState {
  userInfo: UserInfo | null;
  /** Not stored: only says how a session that ended during this visit ended. */
  endedBy: SignOutReason | null;
  signIn: (userInfo: UserInfo) => void;
  signOut: (reason?: SignOutReason) => void;
}

/**
 * Who is signed in, kept under `userInfo`. The server checks the token on every call.
 * What the query cache holds for the user is dropped by the query client itself (see
 * `api/query-client.ts`), so this store needs nothing from the API layer.
 */
export const useSession = create<SessionState>()((set) => ({
  userInfo: null,
  endedBy: null,
  signIn: (userInfo) => set({ userInfo, endedBy: null }),
  signOut: (reason = 'shopper') => {
    set({ userInfo: null, endedBy: reason });
    // A delivery address belongs to the person who typed it, not to the browser they used; so
    // does a voucher, which the shop may allow each customer once.
    useBasket.getState().saveShippingAddress(null);
    useBasket.getState().removeVoucher();
    // The account's basket is kept by the shop and comes back at the next sign-in; the next person
    // at this browser does not see it. A session that merely ran out keeps it for the sign-in.
    if (reason === 'shopper') {
      useBasket.setState((state) => ({
        basketItems: state.basketItems.filter((item) => !isKeptLine(item)),
      }));
    }
  },
}));

// Signed out at first, as on the server, so a server-rendered page is taken over without a
// mismatch; the session this browser kept is put back before the app starts (`restoreStored`).

useSession.subscribe((state, previous) => {
  if (state.userInfo !== previous.userInfo) writeStored('userInfo', state.userInfo);
});
