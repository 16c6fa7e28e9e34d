import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** The spec's pause before the forgot and reset pages return to sign-in. */
export const BACK_TO_SIGN_IN_MS = 5000;

/** Once `when` holds, goes to `to` after `delay` ms, unless the shopper leaves first. */
export function useRedirectAfter(when: boolean, to: string, delay = BACK_TO_SIGN_IN_MS): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(to), delay);
    return () => clearTimeout(timer);
  }, [when, to, delay, navigate]);
}
