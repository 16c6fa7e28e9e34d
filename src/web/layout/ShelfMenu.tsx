import { NavLink } from 'react-router';
import { SHELF_NAMES, SHELVES } from '../../shared/shelves';

/**
 * The shop's shelves under the header: the two departments, then every category. Plain links,
 * so they work before the app has loaded; on a phone the row scrolls sideways.
 */
export function ShelfMenu() {
  return (
    <nav aria-label="Shop by category" className="border-t border-line">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 md:px-6">
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
