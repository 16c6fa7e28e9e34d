import { useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ListingFacets } from '../../../../shared/catalog/facets';
import {
  listingAddress,
  listingParams,
  poundsOf,
  readListing,
  type Listing,
} from '../../../../shared/catalog/listing-query';
import { FilterFields, type PriceText } from './FilterFields';

interface FilterFormProps {
  id: string;
  /** The listing's first page: a change of filters starts from it again. */
  path: string;
  /** The filters and sort the address holds. */
  applied: Listing;
  facets: ListingFacets | undefined;
  /**
   * `instant`: a box ticked applies at once (the column beside the products). `staged`: nothing
   * applies until the form is sent, and each change is told to `onDraft` (the phone's panel, which
   * counts what the picks would show).
   */
  mode: 'instant' | 'staged';
  onDraft?: (draft: Listing) => void;
  /** After the filters were applied by sending the form. */
  onApplied?: () => void;
  /** The form's button. */
  children: ReactNode;
}

const priceTextOf = ({ filters }: Listing): PriceText => ({
  priceMin: filters.priceMin === undefined ? '' : poundsOf(filters.priceMin),
  priceMax: filters.priceMax === undefined ? '' : poundsOf(filters.priceMax),
});

/** What the form's fields (and the sort, which may sit outside it) ask for. */
const listingIn = (form: HTMLFormElement) => {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') params.append(name, value);
  }
  return readListing(params).listing;
};

/**
 * The filters as a plain GET form to the listing's first page, named as the API's parameters:
 * without JavaScript it is sent as it is and the server renders what it asks. With JavaScript it
 * goes to the same address without reloading the page.
 */
export function FilterForm({
  id,
  path,
  applied,
  facets,
  mode,
  onDraft,
  onApplied,
  children,
}: FilterFormProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(applied);
  const [priceText, setPriceText] = useState(() => priceTextOf(applied));
  // When the address changes (a chip removed, Back), the fields show what it now holds.
  const appliedKey = listingParams(applied).toString();
  const [shown, setShown] = useState(appliedKey);
  if (shown !== appliedKey) {
    setShown(appliedKey);
    setDraft(applied);
    setPriceText(priceTextOf(applied));
  }

  const apply = (listing: Listing) => {
    const address = listingAddress(path, listing);
    // The same place in the page: the shopper is part way down the column of filters.
    void navigate(address, { preventScrollReset: true });
  };

  const change = (event: ChangeEvent<HTMLFormElement>) => {
    const next = listingIn(event.currentTarget);
    const box = event.target instanceof HTMLInputElement && event.target.type === 'checkbox';
    setDraft(next);
    if (mode === 'staged') onDraft?.(next);
    else if (box) apply(next);
  };

  const send = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(listingIn(event.currentTarget));
    onApplied?.();
  };

  return (
    <form
      id={id}
      method="get"
      action={path}
      aria-label="Filters"
      onChange={change}
      onSubmit={send}
      onBlur={(event) => {
        // A price typed in the column applies when the shopper moves on from its box.
        if (mode !== 'instant' || !(event.target instanceof HTMLInputElement)) return;
        if (event.target.type !== 'text') return;
        const next = listingIn(event.currentTarget);
        if (listingParams(next).toString() !== appliedKey) apply(next);
      }}
    >
      {mode === 'staged' && applied.sort !== 'featured' && (
        <input type="hidden" name="sort" value={applied.sort} />
      )}
      <FilterFields
        id={id}
        draft={draft}
        facets={facets}
        priceText={priceText}
        onPriceText={(event) => {
          const { name, value } = event.currentTarget;
          setPriceText((text) => ({ ...text, [name]: value }));
        }}
      />
      {children}
    </form>
  );
}
