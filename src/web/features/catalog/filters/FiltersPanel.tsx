import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isFiltered, NO_FILTERS } from '../../../../shared/catalog/facets';
import { listingAddress, type ListingPlace } from '../../../../shared/catalog/listing-query';
import { productsQuery } from '../../../api/products';
import { Button, buttonClass } from '../../../ui/Button';
import { FilterForm } from './FilterForm';
import { useListing } from './use-listing';

const resultsWord = (total: number) => `Show ${total} ${total === 1 ? 'result' : 'results'}`;

/**
 * The filters on a phone: picks wait here until the shopper sends them, and the button says how
 * many products they would show, asked of the shop as the picks change.
 */
export function FiltersPanel({ place, onClose }: { place: ListingPlace; onClose: () => void }) {
  const { listing } = useListing();
  const [draft, setDraft] = useState(listing);
  // The first page of what the picks would show: its count, and its facets' counts.
  const { data, isFetching } = useQuery(productsQuery(place.keyword, 1, place.shelf, draft));
  return (
    <FilterForm
      id="panel-filters"
      path={place.path}
      applied={listing}
      facets={data?.facets}
      mode="staged"
      onDraft={setDraft}
      onApplied={onClose}
    >
      <div className="sticky bottom-0 -mx-6 mt-8 -mb-6 flex gap-3 bg-page px-6 py-4 shadow-[0_-1px_0_var(--color-line)]">
        {isFiltered(listing.filters) && (
          <Link
            to={listingAddress(place.path, { ...listing, filters: NO_FILTERS })}
            preventScrollReset
            onClick={onClose}
            className={buttonClass('secondary')}
          >
            Clear all
          </Link>
        )}
        <Button type="submit" className="flex-1" aria-busy={isFetching}>
          {data === undefined ? 'Show results' : resultsWord(data.total)}
        </Button>
      </div>
    </FilterForm>
  );
}
