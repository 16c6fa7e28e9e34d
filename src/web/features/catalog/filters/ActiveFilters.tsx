import { Link } from 'react-router';
import { facetValueName, NO_FILTERS } from '../../../../shared/catalog/facets';
import {
  LIST_PARAMS,
  listingAddress,
  poundsOf,
  type Listing,
} from '../../../../shared/catalog/listing-query';
import { textLinkClass } from '../../../ui/Button';

interface Chip {
  label: string;
  /** The listing without this filter. */
  without: Listing;
}

const pounds = (pence: number) => `£${poundsOf(pence)}`;

/** Each filter in use, and the listing as it would be without it. */
function chipsOf(listing: Listing): Chip[] {
  const { filters } = listing;
  const chips: Chip[] = [];
  for (const name of LIST_PARAMS) {
    for (const value of filters[name]) {
      chips.push({
        label: name === 'size' ? `Size ${value}` : facetValueName(value),
        without: {
          ...listing,
          filters: { ...filters, [name]: filters[name].filter((each) => each !== value) },
        },
      });
    }
  }
  const { priceMin, priceMax } = filters;
  if (priceMin !== undefined || priceMax !== undefined) {
    chips.push({
      label:
        priceMin === undefined
          ? `Up to ${pounds(priceMax ?? 0)}`
          : priceMax === undefined
            ? `From ${pounds(priceMin)}`
            : `${pounds(priceMin)} to ${pounds(priceMax)}`,
      without: { ...listing, filters: { ...filters, priceMin: undefined, priceMax: undefined } },
    });
  }
  if (filters.inStock) {
    chips.push({
      label: 'In stock only',
      without: { ...listing, filters: { ...filters, inStock: false } },
    });
  }
  return chips;
}

/**
 * The filters in use as links that take each off, and one that takes them all off (the sort
 * stays: it is not a filter). Links, so that they work without JavaScript too.
 */
export function ActiveFilters({ path, listing }: { path: string; listing: Listing }) {
  const chips = chipsOf(listing);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={listingAddress(path, chip.without)}
              preventScrollReset
              aria-label={`Remove ${chip.label}`}
              className="inline-flex min-h-9 items-center gap-2 rounded-full bg-sand px-3 text-sm text-ink hover:bg-accent-soft"
            >
              {chip.label}
              <span aria-hidden="true" className="text-base leading-none">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={listingAddress(path, { ...listing, filters: NO_FILTERS })}
        preventScrollReset
        className={`${textLinkClass} px-1 text-sm`}
      >
        Clear all
      </Link>
    </div>
  );
}
