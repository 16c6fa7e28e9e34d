import {
  FACET_LISTS,
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
const METAL = 8;
const STONE = 16;
const COLOUR = 32;
const MATERIAL = 64;

const isDepartment = (shelf: Shelf) => (DEPARTMENTS as readonly string[]).includes(shelf);

const askedSet = (values: readonly string[]) => (values.length > 0 ? new Set(values) : undefined);

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
  const department = shelf !== undefined && isDepartment(shelf) ? shelf : undefined;
  const category = shelf !== undefined && department === undefined ? shelf : undefined;
  const sizes = askedSet(filters.size);
  const metals = askedSet(filters.metal);
  const stones = askedSet(filters.stone);
  const colours = askedSet(filters.colour);
  const materials = askedSet(filters.material);
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

  // Written out filter by filter, without a closure or a look-up by name, as it runs once for
  // every product of the shelf on every listing.
  for (const entry of ordered) {
    if (category !== undefined && entry.category !== category) continue;
    if (department !== undefined && entry.department !== department) continue;
    let failed = 0;
    if (sizes !== undefined) {
      let has = false;
      for (const size of entry.sizes) {
        if (sizes.has(size.key)) {
          has = true;
          break;
        }
      }
      if (!has) failed |= SIZE;
    }
    if (metals !== undefined && (entry.metal === null || !metals.has(entry.metal))) failed |= METAL;
    if (stones !== undefined && (entry.stone === null || !stones.has(entry.stone))) failed |= STONE;
    if (colours !== undefined && (entry.colour === null || !colours.has(entry.colour))) {
      failed |= COLOUR;
    }
    if (materials !== undefined && (entry.material === null || !materials.has(entry.material))) {
      failed |= MATERIAL;
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
    if ((failed === 0 || failed === SIZE) && entry.sizes.length > 0) {
      for (const size of entry.sizes) {
        tallies.size.add(size.key);
        if (!sizeNames.has(size.key)) sizeNames.set(size.key, size.name);
      }
    }
    if (failed === 0 || failed === METAL) tallies.metal.add(entry.metal);
    if (failed === 0 || failed === STONE) tallies.stone.add(entry.stone);
    if (failed === 0 || failed === COLOUR) tallies.colour.add(entry.colour);
    if (failed === 0 || failed === MATERIAL) tallies.material.add(entry.material);
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
