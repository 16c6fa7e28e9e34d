import { useId } from 'react';
import { useNavigate } from 'react-router';
import { SORT_NAMES, SORTS, type Sort } from '../../../../shared/catalog/facets';
import {
  LIST_PARAMS,
  listingAddress,
  type Listing,
  type ListingPlace,
} from '../../../../shared/catalog/listing-query';
import { useHydrated } from '../../../state/hydrated';
import { usePanels } from '../../../state/panel-store';
import { Button } from '../../../ui/Button';
import { fieldClass } from '../../../ui/field';
import { ActiveFilters } from './ActiveFilters';

const isSort = (word: string): word is Sort => (SORTS as readonly string[]).includes(word);

/** How many filters are in use: each value, the price range and "in stock" one each. */
export function filtersInUse({ filters }: Listing): number {
  const values = LIST_PARAMS.reduce((sum, name) => sum + filters[name].length, 0);
  const price = filters.priceMin !== undefined || filters.priceMax !== undefined ? 1 : 0;
  return values + price + (filters.inStock ? 1 : 0);
}

export const productCount = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

interface ListingToolbarProps {
  place: ListingPlace;
  listing: Listing;
  total: number | undefined;
  /** The filters' form, which the sort belongs to, so that a plain form sends it with them. */
  formId: string;
}

/**
 * Above the products: how many there are, the sort, the filters in use, and on a phone the button
 * that opens the filters' panel (once JavaScript runs; before, the filters open in place).
 */
export function ListingToolbar({ place, listing, total, formId }: ListingToolbarProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const openPanel = usePanels((state) => state.open);
  const id = useId();
  const used = filtersInUse(listing);
  return (
    <div className="mb-8 flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <p aria-live="polite" className="text-muted md:pb-2.5">
          {total === undefined ? '' : productCount(total)}
        </p>
        <div className="flex w-full items-end gap-3 sm:w-auto">
          {hydrated && (
            <Button
              variant="secondary"
              className="flex-1 md:hidden"
              aria-haspopup="dialog"
              onClick={() => openPanel({ kind: 'filters', place })}
            >
              {used === 0 ? 'Filters' : `Filters (${used})`}
            </Button>
          )}
          <div className="flex flex-1 flex-col gap-1 sm:w-56 sm:flex-none">
            <label htmlFor={id} className="text-sm">
              Sort by
            </label>
            <select
              id={id}
              name="sort"
              form={formId}
              value={listing.sort}
              className={fieldClass}
              onChange={(event) => {
                const sort = event.currentTarget.value;
                if (!isSort(sort)) return;
                void navigate(listingAddress(place.path, { ...listing, sort }), {
                  preventScrollReset: true,
                });
              }}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_NAMES[sort]}
                </option>
              ))}
            </select>
          </div>
          {!hydrated && (
            // Without JavaScript a choice of order is sent with the filters' form.
            <Button type="submit" variant="secondary" form={formId}>
              Sort
            </Button>
          )}
        </div>
      </div>
      <ActiveFilters path={place.path} listing={listing} />
    </div>
  );
}
