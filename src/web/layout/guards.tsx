import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { SHOP_NAME } from '../../shared/settings/shop';
import { useBasket } from '../state/basket-store';
import { backOfficeRoleOf } from '../state/roles';
import { useSession } from '../state/session-store';
import { textLinkClass } from '../ui/Button';
import { signInPath } from './redirects';

/**
 * Where to send someone who is not signed in. Arriving signed out, or having the server end the
 * session, means signing in and coming back here; signing out on purpose while on the page means
 * leaving it for the home page.
 */
function useSignedOutDestination(): string {
  const { pathname, search } = useLocation();
  const endedBy = useSession((state) => state.endedBy);
  const [signedInOnArrival] = useState(() => useSession.getState().userInfo !== null);
  return signedInOnArrival && endedBy === 'shopper' ? '/' : signInPath(`${pathname}${search}`);
}

/**
 * Screens for signed-in shoppers only. The server enforces this on every call; the guard only
 * spares a signed-out visitor a screen that could not load.
 */
export function RequireSignedIn() {
  const signedIn = useSession((state) => state.userInfo !== null);
  const signedOutDestination = useSignedOutDestination();
  return signedIn ? <Outlet /> : <Navigate to={signedOutDestination} replace />;
}

/**
 * Checkout: a signed-in shopper, or one who chose to check out as a guest with their email.
 * Anyone else signs in first, where checking out as a guest is offered.
 */
export function RequireShopper() {
  const signedIn = useSession((state) => state.userInfo !== null);
  const guest = useBasket((state) => state.guestEmail !== null);
  const signedOutDestination = useSignedOutDestination();
  return signedIn || guest ? <Outlet /> : <Navigate to={signedOutDestination} replace />;
}

/**
 * The back office: staff and the owner. A signed-out visitor signs in first, a customer goes home.
 */
export function RequireBackOffice() {
  const userInfo = useSession((state) => state.userInfo);
  const role = backOfficeRoleOf(userInfo);
  const signedOutDestination = useSignedOutDestination();
  if (!userInfo) return <Navigate to={signedOutDestination} replace />;
  return role ? <Outlet /> : <Navigate to="/" replace />;
}

/**
 * Back office screens for the shop's owner alone (users, vouchers, promotions, gift cards, refunds,
 * subscribers, the audit log). Staff are told so where they are, with the way back to the desk, rather than being
 * moved on without a word; the server refuses them these calls anyway.
 */
export function RequireOwner({ toDo }: { toDo: string }) {
  const isOwner = useSession((state) => state.userInfo?.role === 'admin');
  if (isOwner) return <Outlet />;
  return (
    <div className="max-w-prose">
      <title>{`Only the owner | ${SHOP_NAME}`}</title>
      <h1 className="text-2xl md:text-3xl">Only the owner</h1>
      <p className="mt-3">{`Only the shop’s owner can ${toDo}.`}</p>
      <p className="mt-6">
        <Link to="/admin" className={textLinkClass}>
          Back to the desk
        </Link>
      </p>
    </div>
  );
}
