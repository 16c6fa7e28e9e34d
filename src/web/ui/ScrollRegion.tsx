import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export const SCROLL_HINT = 'Scroll sideways to see more';

/** Whether the content is wider than the region, and on which sides some of it is hidden. */
interface Overflow {
  before: boolean;
  after: boolean;
}
const FITS: Overflow = { before: false, after: false };

function overflowOf(region: HTMLElement): Overflow {
  const hidden = region.scrollWidth - region.clientWidth;
  if (hidden <= 1) return FITS;
  const scrolled = Math.abs(region.scrollLeft);
  return { before: scrolled > 1, after: scrolled < hidden - 1 };
}

/** Follows a region's overflow as it scrolls and as it or its content changes size. */
function useOverflow() {
  const region = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(FITS);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const measure = () =>
      setOverflow((current) => {
        const next = overflowOf(element);
        return next.before === current.before && next.after === current.after ? current : next;
      });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(element);
    // The table grows as its rows arrive, without the region changing size.
    if (element.firstElementChild) resized?.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const first = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(first);
      resized?.disconnect();
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);
  return { region, overflow };
}

const edge = 'pointer-events-none absolute inset-y-0 w-4 from-ink/15 to-transparent print:hidden';

/**
 * Holds a table wider than a phone: it scrolls sideways inside this region, which takes focus so a
 * keyboard can scroll it too. When the table does not fit, a line above says so and a shadow
 * marks each side that has more to see. `relative` keeps visually hidden cell text inside the
 * scroll area.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const { region, overflow } = useOverflow();
  const hintId = useId();
  const overflowing = overflow.before || overflow.after;
  return (
    <div>
      {overflowing && (
        <p id={hintId} className="mb-2 text-sm text-muted print:hidden">
          {SCROLL_HINT} <span aria-hidden="true">→</span>
        </p>
      )}
      <div className="relative">
        <div
          ref={region}
          role="region"
          aria-label={label}
          aria-describedby={overflowing ? hintId : undefined}
          // A scrollable region has to be reachable by keyboard (WCAG 2.1.1), so it takes focus.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="relative overflow-x-auto"
        >
          {children}
        </div>
        {overflow.before && (
          <div data-edge="before" aria-hidden="true" className={`${edge} left-0 bg-linear-to-r`} />
        )}
        {overflow.after && (
          <div data-edge="after" aria-hidden="true" className={`${edge} right-0 bg-linear-to-l`} />
        )}
      </div>
    </div>
  );
}
