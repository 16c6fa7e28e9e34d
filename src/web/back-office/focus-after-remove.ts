import { useEffect, useRef } from 'react';

/**
 * Removing a row takes away the button that had focus. Once the list has drawn itself again,
 * focus goes to `target` (the list's own button, say), so a keyboard user stays where they were.
 */
export function useFocusAfterRemove<Target extends HTMLElement>(rowCount: number) {
  const target = useRef<Target>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    target.current?.focus();
  }, [rowCount]);
  return {
    target,
    /** Call as a row is removed. */
    removing: () => {
      pending.current = true;
    },
  };
}
