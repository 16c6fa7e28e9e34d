import { Link } from 'react-router';

/** Said by the page links in the address's state: the shopper moved to another page of a list. */
const PAGE_MOVE = { pageMove: true } as const;

export function isPageMove(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'pageMove' in state;
}

/**
 * Spread on the heading a paged list starts under (`<h1 {...LISTING_HEADING}>`): a move to
 * another page with the page links brings focus, and the view, back to it (see ScrollToTop), so
 * the new page is read from its top rather than from the links at its foot.
 */
export const LISTING_HEADING = { 'data-listing-heading': '', tabIndex: -1 } as const;

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
              state={PAGE_MOVE}
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
