import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SHELF_NAMES, SHELVES } from '../../shared/catalog/shelves';

/** Room left beside a shelf brought into view, so that it does not sit against the row's edge. */
const EDGE_PX = 16;

/**
 * On a phone the row scrolls sideways and holds more shelves than fit: the one shown (Earrings,
 * say) is brought into the row, whole, rather than left past its edge.
 */
function useActiveShelfInView() {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = row.current;
    const active = list?.querySelector('[aria-current="page"]');
    if (!list || !active) return;
    const bounds = list.getBoundingClientRect();
    const shelf = active.getBoundingClientRect();
    if (shelf.right > bounds.right) list.scrollLeft += shelf.right - bounds.right + EDGE_PX;
    else if (shelf.left < bounds.left) list.scrollLeft -= bounds.left - shelf.left + EDGE_PX;
  }, [pathname]);
  return row;
}

/**
 * The shop's shelves under the header: the two departments, then every category. Plain links,
 * so they work before the app has loaded; on a phone the row scrolls sideways.
 */
export function ShelfMenu() {
  const row = useActiveShelfInView();
  return (
    <nav aria-label="Shop by category" className="border-t border-line">
      <ul ref={row} className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 md:px-6">
        {SHELVES.map((shelf, index) => (
          <li key={shelf} className={index === 2 ? 'ml-2 border-l border-line pl-2' : undefined}>
            <NavLink
              to={`/category/${shelf}`}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center px-2 text-sm whitespace-nowrap hover:underline hover:underline-offset-4 ${
                  isActive ? 'font-medium text-ink underline underline-offset-4' : 'text-muted'
                }`
              }
            >
              {SHELF_NAMES[shelf]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
