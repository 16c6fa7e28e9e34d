import { useSession } from '../../state/session-store';
import { showToast } from '../../state/toast-store';
import { ButtonLink } from '../../ui/Button';
import { TOAST } from '../../ui/messages';

/**
 * The account menu. Signing out from a signed-in-only page leaves it for the home page; the route
 * guard around that page sees to it.
 */
export function UserMenuPanel({ onClose }: { onClose: () => void }) {
  const userInfo = useSession((state) => state.userInfo);
  const signOut = useSession((state) => state.signOut);
  if (userInfo) {
    return (
      <div className="flex flex-col gap-3">
        <p className="wrap-anywhere text-muted">Signed in as {userInfo.name || userInfo.email}</p>
        <ButtonLink to="/account/profile" onClick={onClose}>
          Account
        </ButtonLink>
        <ButtonLink to="/account/wishlist" variant="secondary" onClick={onClose}>
          Wishlist
        </ButtonLink>
        <button
          type="button"
          className="min-h-11 text-sm underline underline-offset-4"
          onClick={() => {
            onClose();
            signOut();
            showToast(TOAST.logoutSuccessful);
          }}
        >
          Sign Out
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted">Sign in to see your orders and check out faster.</p>
      <ButtonLink to="/account/login" onClick={onClose}>
        Sign In
      </ButtonLink>
      <ButtonLink to="/account/register" variant="secondary" onClick={onClose}>
        Sign Up
      </ButtonLink>
      <ButtonLink to="/account/wishlist" variant="quiet" onClick={onClose}>
        Wishlist
      </ButtonLink>
    </div>
  );
}
