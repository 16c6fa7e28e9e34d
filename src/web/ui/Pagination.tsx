import { Link } from 'react-router';

interface PaginationProps {
  page: number;
  pages: number;
  /** The address of a page number. */
  hrefFor: (page: number) => string;
  /** What the pages are of, when a screen has more than one set ('Product pages'). */
  label?: string;
}

/** Page links, shown only when there is more than one page; the shop's grid and admin lists. */
export function Pagination({ page, pages, hrefFor, label = 'Pages' }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-12 flex justify-center">
      <ul className="flex flex-wrap gap-2">
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
          <li key={number}>
            <Link
              to={hrefFor(number)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              className={`inline-flex size-11 items-center justify-center rounded-shop text-sm ${
                number === page ? 'bg-ink text-page' : 'text-ink hover:bg-sand'
              }`}
            >
              {number}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A page number from the address; anything unreadable is the first page. */
export function pageFromParam(value: string | undefined | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
