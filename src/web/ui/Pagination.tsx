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

/** Every page is linked up to this many; beyond, the first, the last and those near this one. */
const ALL_PAGES_UP_TO = 9;
const NEAR = 2;

/**
 * The page numbers to link, with null where a run of them is left out: all of a short list's;
 * of a long one (5,000 pages of orders), the first, the last and the two either side of this.
 */
export function pageNumbersShown(page: number, pages: number): (number | null)[] {
  if (pages <= ALL_PAGES_UP_TO) return Array.from({ length: pages }, (_, index) => index + 1);
  const from = Math.max(2, Math.min(page - NEAR, pages - 1 - 2 * NEAR));
  const to = Math.min(pages - 1, Math.max(page + NEAR, 2 + 2 * NEAR));
  const near = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  return [1, ...(from > 2 ? [null] : []), ...near, ...(to < pages - 1 ? [null] : []), pages];
}

/** Page links, shown only when there is more than one page; the shop's grid and admin lists. */
export function Pagination({ page, pages, hrefFor, label = 'Pages' }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-12 flex justify-center">
      <ul className="flex flex-wrap gap-2">
        {pageNumbersShown(page, pages).map((number, index) =>
          number === null ? (
            <li
              key={`gap-${index}`}
              aria-hidden="true"
              className="inline-flex size-11 items-center justify-center text-sm text-muted"
            >
              …
            </li>
          ) : (
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
          ),
        )}
      </ul>
    </nav>
  );
}

/** A page number from the address; anything unreadable is the first page. */
export function pageFromParam(value: string | undefined | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
