import {
  FACET_LISTS,
  FACET_NAMES,
  type FacetCount,
  type FacetName,
  type ListingFacets,
  type ProductFilters,
} from '../../shared/catalog/facets';
import { DEPARTMENTS, type Shelf } from '../../shared/catalog/shelves';
import { penceToPounds } from '../../shared/money';
import { sizeOrder, type ShelfEntry } from './shelf-entry';

export interface ListingPage {
  /** The page's products, in order. */
  ids: string[];
  /** How many products match every filter. */
  total: number;
  facets: ListingFacets;
}

// One bit for each filter an entry may fail.
const SIZE = 1;
const PRICE = 2;
const STOCK = 4;
const FACET_BITS: Record<FacetName, number> = { metal: 8, stone: 16, colour: 32, material: 64 };

const isDepartment = (shelf: Shelf) => (DEPARTMENTS as readonly string[]).includes(shelf);

/** Whether an entry is on a shelf: its category, or the department it was shelved in. */
function shelfTest(shelf: Shelf | undefined): (entry: ShelfEntry) => boolean {
  if (shelf === undefined) return () => true;
  if (isDepartment(shelf)) return (entry) => entry.department === shelf;
  return (entry) => entry.category === shelf;
}

/** Counts of one facet's values, as the listing goes. */
class Tally {
  readonly counts = new Map<string, number>();
  add(value: string | null) {
    if (value !== null) this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }
}

/** A facet's values with a count, and those asked for even when none is left, in `order`. */
function countsOf(
  tally: Tally,
  asked: readonly string[],
  order: (values: readonly string[]) => (a: string, b: string) => number,
  nameOf: (value: string) => string = (value) => value,
): FacetCount[] {
  const values = [...new Set([...tally.counts.keys(), ...asked])];
  return values
    .sort(order(values))
    .map((value) => ({ value: nameOf(value), count: tally.counts.get(value) ?? 0 }));
}

const inListOrder = (name: FacetName) => () => {
  const list: readonly string[] = FACET_LISTS[name];
  return (a: string, b: string) => list.indexOf(a) - list.indexOf(b);
};

/**
 * One walk over a listing's products in the order asked: the page's products among those that
 * match every filter, how many match, and each facet's counts taken with every other filter
 * applied (so a shopper who picked silver still sees how many are gold). An entry that fails no
 * filter counts in every facet; one that fails exactly one counts in that one's facet alone.
 */
export function narrowListing(
  ordered: readonly ShelfEntry[],
  {
    shelf,
    filters,
    offset,
    limit,
  }: { shelf?: Shelf | undefined; filters: ProductFilters; offset: number; limit: number },
): ListingPage {
  const onShelf = shelfTest(shelf);
  const sizesAsked = new Set(filters.size);
  const facetsAsked = FACET_NAMES.map((name) => ({
    name,
    bit: FACET_BITS[name],
    asked: filters[name].length > 0 ? new Set(filters[name]) : undefined,
  }));
  const { priceMin, priceMax, inStock } = filters;

  const tallies = {
    size: new Tally(),
    metal: new Tally(),
    stone: new Tally(),
    colour: new Tally(),
    material: new Tally(),
  };
  const sizeNames = new Map<string, string>();
  let lowest: number | undefined;
  let highest: number | undefined;
  const ids: string[] = [];
  let total = 0;

  for (const entry of ordered) {
    if (!onShelf(entry)) continue;
    let failed = 0;
    if (sizesAsked.size > 0 && !entry.sizes.some((size) => sizesAsked.has(size.key))) {
      failed |= SIZE;
    }
    for (const { name, bit, asked } of facetsAsked) {
      const value = entry[name];
      if (asked !== undefined && (value === null || !asked.has(value))) failed |= bit;
    }
    if (
      (priceMin !== undefined && entry.pricePence < priceMin) ||
      (priceMax !== undefined && entry.pricePence > priceMax)
    ) {
      failed |= PRICE;
    }
    if (inStock && !entry.inStock) failed |= STOCK;
    // Two filters or more failed: it counts nowhere.
    if ((failed & (failed - 1)) !== 0) continue;

    if (failed === 0) {
      total += 1;
      if (total > offset && ids.length < limit) ids.push(entry.id);
    }
    if (failed === 0 || failed === SIZE) {
      for (const size of entry.sizes) {
        tallies.size.add(size.key);
        if (!sizeNames.has(size.key)) sizeNames.set(size.key, size.name);
      }
    }
    for (const { name, bit } of facetsAsked) {
      if (failed === 0 || failed === bit) tallies[name].add(entry[name]);
    }
    if (failed === 0 || failed === PRICE) {
      if (lowest === undefined || entry.pricePence < lowest) lowest = entry.pricePence;
      if (highest === undefined || entry.pricePence > highest) highest = entry.pricePence;
    }
  }

  return {
    ids,
    total,
    facets: {
      size: countsOf(tallies.size, filters.size, sizeOrder, (key) => sizeNames.get(key) ?? key),
      metal: countsOf(tallies.metal, filters.metal, inListOrder('metal')),
      stone: countsOf(tallies.stone, filters.stone, inListOrder('stone')),
      colour: countsOf(tallies.colour, filters.colour, inListOrder('colour')),
      material: countsOf(tallies.material, filters.material, inListOrder('material')),
      price: {
        min: lowest === undefined ? null : penceToPounds(lowest),
        max: highest === undefined ? null : penceToPounds(highest),
      },
    },
  };
}
