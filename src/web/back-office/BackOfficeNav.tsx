import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { BackOfficeRole } from '../state/roles';
import { backOfficeLinksFor, currentOf } from './back-office-links';

const linkClass =
  'flex min-h-11 items-center rounded-shop px-3 text-sm whitespace-nowrap transition-colors duration-150';
// Marked by weight and a bar as well as the background: never by colour alone.
const currentClass =
  'bg-sand font-medium text-ink shadow-[inset_0_-2px_0_var(--color-accent)] md:shadow-[inset_2px_0_0_var(--color-accent)]';
const otherClass = 'text-muted hover:bg-sand hover:text-ink';

/**
 * The back office's pages, those the role may use. A column beside the page on a wide screen; on
 * a phone a bar that scrolls sideways, brought round to the page shown.
 */
export function BackOfficeNav({ role }: { role: BackOfficeRole }) {
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const bar = list.current;
    const shown = bar?.querySelector<HTMLElement>('[aria-current]');
    if (!bar || !shown || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollLeft = shown.offsetLeft - (bar.clientWidth - shown.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav
      aria-label="Back office"
      className="border-b border-line md:w-56 md:shrink-0 md:border-r md:border-b-0 print:hidden"
    >
      <ul
        ref={list}
        className="flex gap-1 overflow-x-auto px-4 py-2 md:sticky md:top-0 md:flex-col md:overflow-visible md:py-8"
      >
        {backOfficeLinksFor(role).map((link) => {
          const current = currentOf(link, pathname);
          return (
            <li key={link.to} className="shrink-0">
              <Link
                to={link.to}
                aria-current={current}
                className={`${linkClass} ${current ? currentClass : otherClass}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
