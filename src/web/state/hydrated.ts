import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders a page and while the browser takes it over, true after: what
 * needs JavaScript (a button that opens a panel) is drawn only once it will work, and the first
 * HTML offers what works without it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
