import { useSyncExternalStore } from 'react';

const noChange = () => () => undefined;

/**
 * False on the server and while the browser takes over the server's HTML, true after: what only
 * this browser knows (what it kept in localStorage) is drawn then, so the page the server sent is
 * taken over as it is, without a mismatch.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
