import type { ChangeEvent } from 'react';
import {
  FACET_LABELS,
  FACET_NAMES,
  facetValueName,
  type FacetCount,
  type ListingFacets,
} from '../../../../shared/catalog/facets';
import type { Listing } from '../../../../shared/catalog/listing-query';
import { fieldClass } from '../../../ui/field';

export interface PriceText {
  priceMin: string;
  priceMax: string;
}

interface FilterFieldsProps {
  /** Makes the fields' ids unique on the page (the column's and the panel's). */
  id: string;
  draft: Listing;
  /** What the answer offers; empty facets are left out. */
  facets: ListingFacets | undefined;
  priceText: PriceText;
  onPriceText: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The values a facet offers, with any the shopper picked that the answer no longer lists (a
 * value picked always stays, so that it can be taken off again).
 */
function valuesOf(counts: readonly FacetCount[], picked: readonly string[]): FacetCount[] {
  const missing = picked.filter((value) => !counts.some((count) => count.value === value));
  return [...counts, ...missing.map((value) => ({ value, count: 0 }))];
}

const legendClass = 'mb-2 text-sm font-semibold tracking-wide';
const checkClass = 'size-5 shrink-0 accent-ink';

/** The filters' fields, named as the API's parameters so that a plain form sends them as they are. */
export function FilterFields({ id, draft, facets, priceText, onPriceText }: FilterFieldsProps) {
  const { filters } = draft;
  const sizes = valuesOf(facets?.size ?? [], filters.size);
  return (
    <div className="flex flex-col gap-7">
      {sizes.length > 0 && (
        <fieldset>
          <legend className={legendClass}>Size</legend>
          <ul className="flex flex-wrap gap-2">
            {sizes.map(({ value, count }) => (
              <li key={value}>
                <input
                  id={`${id}-size-${value}`}
                  type="checkbox"
                  name="size"
                  value={value}
                  checked={filters.size.includes(value)}
                  disabled={count === 0 && !filters.size.includes(value)}
                  // Read by the form's own change handler.
                  onChange={() => undefined}
                  className="peer sr-only"
                />
                <label
                  htmlFor={`${id}-size-${value}`}
                  className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-shop border border-line bg-surface px-3 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-page peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
                >
                  {value}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {FACET_NAMES.map((name) => {
        const values = valuesOf(facets?.[name] ?? [], filters[name]);
        if (values.length === 0) return null;
        return (
          <fieldset key={name}>
            <legend className={legendClass}>{FACET_LABELS[name]}</legend>
            <ul className="flex flex-col">
              {values.map(({ value, count }) => (
                <li key={value}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 py-1 md:min-h-9">
                    <input
                      type="checkbox"
                      name={name}
                      value={value}
                      checked={filters[name].includes(value)}
                      onChange={() => undefined}
                      className={checkClass}
                    />
                    <span>{`${facetValueName(value)} (${count})`}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
      <fieldset>
        <legend className={legendClass}>Price</legend>
        <div className="flex gap-3">
          {(['priceMin', 'priceMax'] as const).map((name) => (
            <div key={name} className="flex min-w-0 flex-1 flex-col gap-1">
              <label htmlFor={`${id}-${name}`} className="text-sm">
                {name === 'priceMin' ? 'Min price (£)' : 'Max price (£)'}
              </label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={priceText[name]}
                onChange={onPriceText}
                placeholder={placeholderOf(facets, name)}
                className={fieldClass}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          name="inStock"
          value="true"
          checked={filters.inStock}
          onChange={() => undefined}
          className={checkClass}
        />
        <span>In stock only</span>
      </label>
    </div>
  );
}

/** The cheapest and dearest prices the listing holds, as hints in the boxes. */
function placeholderOf(facets: ListingFacets | undefined, name: 'priceMin' | 'priceMax') {
  const pounds = name === 'priceMin' ? facets?.price.min : facets?.price.max;
  if (pounds === null || pounds === undefined) return undefined;
  return String(name === 'priceMin' ? Math.floor(pounds) : Math.ceil(pounds));
}
