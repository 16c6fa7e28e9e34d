import * as z from 'zod/mini';
import {
  FACET_NAMES,
  isFiltered,
  listingQueryShape,
  NO_FILTERS,
  type ProductFilters,
  type Sort,
} from './facets';
import type { Shelf } from './shelves';

// A listing's filters and sort as a shelf's, a search's or the home page's address writes them
// (`?size=N&metal=sterling+silver&sort=price-asc`), read the way `GET /api/products` reads them,
// so that the page and the API never disagree on what an address asks for.

/** What a shopper narrowed a listing to, and the order it is shown in. */
export interface Listing {
  filters: ProductFilters;
  sort: Sort;
}

/** Where a listing lives: its first page's path, and what it lists. */
export interface ListingPlace {
  /** The listing's first page, with no query: `/category/rings`, `/search/silver`, `/`. */
  path: string;
  keyword: string;
  shelf?: Shelf | undefined;
}

export const NO_LISTING: Listing = { filters: NO_FILTERS, sort: 'featured' };

/** The parameters that hold a listing's values, in the order addresses write them. */
export const LIST_PARAMS = ['size', ...FACET_NAMES] as const;
export type ListParam = (typeof LIST_PARAMS)[number];

/** Whether an address shows the listing as it is not by default: filtered or sorted. */
export const isNarrowed = (listing: Listing) =>
  isFiltered(listing.filters) || listing.sort !== 'featured';

export interface ReadListing {
  listing: Listing;
  /** The parameters whose values could not be read, left out of `listing`. */
  refused: string[];
}

/**
 * A listing from an address's query. Each parameter is read on its own: one the API would refuse
 * with a 400 (`metal=tin`, `priceMin=cheap`) is left out and named in `refused`, the others kept.
 */
export function readListing(params: URLSearchParams): ReadListing {
  const refused: string[] = [];
  const read = <Value>(name: string, schema: z.ZodMiniType<Value>, input: unknown) => {
    const result = z.safeParse(schema, input);
    if (result.success) return result.data;
    refused.push(name);
    return undefined;
  };
  const one = (name: string) => params.get(name) ?? undefined;
  const filters: ProductFilters = { ...NO_FILTERS };
  for (const name of LIST_PARAMS) {
    const written = params.getAll(name);
    filters[name] =
      read(name, listingQueryShape[name], written.length > 0 ? written : undefined) ?? [];
  }
  filters.priceMin = read('priceMin', listingQueryShape.priceMin, one('priceMin'));
  filters.priceMax = read('priceMax', listingQueryShape.priceMax, one('priceMax'));
  if (
    filters.priceMin !== undefined &&
    filters.priceMax !== undefined &&
    filters.priceMin > filters.priceMax
  ) {
    refused.push('priceMin', 'priceMax');
    filters.priceMin = undefined;
    filters.priceMax = undefined;
  }
  filters.inStock = read('inStock', listingQueryShape.inStock, one('inStock')) ?? false;
  const sort = read('sort', listingQueryShape.sort, one('sort')) ?? 'featured';
  return { listing: { filters, sort }, refused };
}

/** Pence as a price box and an address write them: `25`, `25.5` → `25.50`. */
export const poundsOf = (pence: number) =>
  pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);

/**
 * A listing's parameters, defaults left out. Values of one filter are repeated (`metal=a&metal=b`),
 * as a plain form sends them, so an address is the same with JavaScript on or off; the API is
 * sent them joined with commas (`joined`).
 */
export function listingParams(listing: Listing, { joined = false } = {}): URLSearchParams {
  const params = new URLSearchParams();
  const { filters, sort } = listing;
  for (const name of LIST_PARAMS) {
    if (joined && filters[name].length > 0) params.set(name, filters[name].join(','));
    else for (const value of filters[name]) params.append(name, value);
  }
  if (filters.priceMin !== undefined) params.set('priceMin', poundsOf(filters.priceMin));
  if (filters.priceMax !== undefined) params.set('priceMax', poundsOf(filters.priceMax));
  if (filters.inStock) params.set('inStock', 'true');
  if (sort !== 'featured') params.set('sort', sort);
  return params;
}

/** A listing's page-1 address (`/category/rings`) with the listing's query, if any. */
export function listingAddress(path: string, listing: Listing): string {
  const query = listingParams(listing).toString();
  return query === '' ? path : `${path}?${query}`;
}
