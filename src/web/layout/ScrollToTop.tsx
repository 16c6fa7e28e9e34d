import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isPageMove } from '../ui/Pagination';

/**
 * A new page starts at the top. A move to another page of a list (the shop's grid, a category, a
 * search) starts at the list's heading instead, with the focus there, so a shopper who chose
 * page 2 at the foot of the grid is not left at the foot of the next one.
 */
export function ScrollToTop() {
  const location = useLocation();
  const { pathname } = location;
  const state: unknown = location.state;
  useEffect(() => {
    const heading = isPageMove(state)
      ? document.querySelector<HTMLElement>('[data-listing-heading]')
      : null;
    // Focusing scrolls the heading into view; scroll-margin keeps a little room above it.
    if (heading) heading.focus();
    else window.scrollTo(0, 0);
  }, [pathname, state]);
  return null;
}
