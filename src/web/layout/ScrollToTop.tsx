import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at the top, except when paging through the shop grid. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!pathname.startsWith('/page')) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
