import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders a page and while the browser takes it over, true after: what
 * needs JavaScript (a button that opens a panel) or what only this browser knows (what it kept in
 * localStorage) is drawn only then, so the first HTML offers what works without it and is taken
 * over as it is, without a mismatch.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
