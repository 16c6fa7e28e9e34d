import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../state/session-store';
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

/** Screens for admins only: a signed-out visitor signs in first, a customer goes home. */
export function RequireAdmin() {
  const userInfo = useSession((state) => state.userInfo);
  const signedOutDestination = useSignedOutDestination();
  if (!userInfo) return <Navigate to={signedOutDestination} replace />;
  return userInfo.isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}
