import type { ReactNode } from 'react';
import { listingParams, type ListingPlace } from '../../../shared/catalog/listing-query';
import { useProducts } from '../../api/products';
import { useHydrated } from '../../state/hydrated';
import { Button } from '../../ui/Button';
import { ProductListing } from './components/ProductListing';
import { FilterForm } from './filters/FilterForm';
import { filtersInUse, ListingToolbar } from './filters/ListingToolbar';
import { useListing } from './filters/use-listing';

const FORM_ID = 'listing-filters';

/** An address's parameter as the note about it names it. */
const PARAM_WORDS: Record<string, string> = {
  priceMin: 'min price',
  priceMax: 'max price',
  inStock: 'in stock only',
  sort: 'sort',
};
const wordsOf = (refused: string[]) => refused.map((name) => PARAM_WORDS[name] ?? name).join(', ');

/**
 * Where the filters sit: once JavaScript runs, in a column beside the products (a phone opens
 * them in a panel instead). Before, and without it, in a disclosure that a phone opens in place
 * and that a wide screen shows open (see `.filters-disclosure` in the stylesheet).
 */
function FilterColumn({ inUse, children }: { inUse: number; children: ReactNode }) {
  const hydrated = useHydrated();
  if (hydrated) return <div className="hidden md:block">{children}</div>;
  return (
    <details className="filters-disclosure mb-6 md:mb-0">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-shop border border-ink/70 px-5 text-sm font-medium">
        {inUse === 0 ? 'Filters' : `Filters (${inUse})`}
      </summary>
      <div className="pt-6 md:pt-0">{children}</div>
    </details>
  );
}

interface FilteredListingProps {
  place: ListingPlace;
  page: number;
  label: string;
  /** A page's address without the filters: the listing's own. */
  hrefFor: (page: number) => string;
  emptyMessage: string;
  belowTheFold?: boolean;
}

/** A listing with its filters and sort, which the address holds. */
export function FilteredListing({ place, page, hrefFor, ...listingProps }: FilteredListingProps) {
  const { listing, refused } = useListing();
  const answer = useProducts(place.keyword, page, place.shelf, listing);
  const { data } = answer;
  const query = listingParams(listing).toString();
  return (
    <div className="md:grid md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
      <FilterColumn inUse={filtersInUse(listing)}>
        <FilterForm
          id={FORM_ID}
          path={place.path}
          applied={listing}
          facets={data?.facets}
          mode="instant"
        >
          <Button type="submit" variant="secondary" className="mt-8 w-full">
            Apply
          </Button>
        </FilterForm>
      </FilterColumn>
      <div className="min-w-0">
        {refused.length > 0 && (
          <p role="note" className="mb-6 rounded-shop bg-accent-soft px-4 py-3">
            {`Some filters in this address could not be read (${wordsOf(refused)}), so they are left out.`}
          </p>
        )}
        <ListingToolbar place={place} listing={listing} total={data?.total} formId={FORM_ID} />
        <ProductListing
          {...listingProps}
          answer={answer}
          listing={listing}
          page={page}
          hrefFor={(number) => (query === '' ? hrefFor(number) : `${hrefFor(number)}?${query}`)}
        />
      </div>
    </div>
  );
}
