import type { ReactNode } from 'react';

/**
 * Holds a table wider than a phone: it scrolls sideways inside this region, which takes focus so a
 * keyboard can scroll it too. `relative` keeps visually hidden cell text inside the scroll area.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region has to be reachable by keyboard (WCAG 2.1.1), so it takes focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto">
      {children}
    </div>
  );
}
