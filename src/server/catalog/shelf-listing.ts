import {
  FACET_LISTS,
  type FacetCount,
  isFiltered,
  type FacetName,
  type ListingFacets,
  type ProductFilters,
} from '../../shared/catalog/facets';
import { penceToPounds } from '../../shared/money';
import {
  facetCode,
  facetOfCode,
  knownSizeCode,
  sizeCodesGiven,
  sizeOfCode,
  sizeOrder,
} from './shelf-entry';
import type { ShelfColumns } from './shelf-columns';

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

/** One more of the value at `code`. */
function bump(counts: Int32Array, code: number) {
  counts[code] = (counts[code] ?? 0) + 1;
}

/** The values asked of a list as one bit each, at their places (see `facetCode`). */
const askedBits = (name: FacetName, values: readonly string[]) =>
  values.reduce((bits, value) => {
    const code = facetCode(name, value);
    return code === 0 ? bits : bits | (1 << code);
  }, 0);

/** A list's values with a count, and those asked for even when none is left, in list order. */
function countsOf(name: FacetName, counts: Int32Array, asked: readonly string[]): FacetCount[] {
  const listed: FacetCount[] = [];
  for (let code = 1; code < counts.length; code += 1) {
    const value = facetOfCode(name, code);
    const count = counts[code] ?? 0;
    if (value !== undefined && (count > 0 || asked.includes(value))) listed.push({ value, count });
  }
  return listed;
}

/** The sizes with a count, and those asked for even when none is left, in a shopper's order. */
function sizeCountsOf(counts: Int32Array, asked: readonly string[]): FacetCount[] {
  const names = new Map<string, string>();
  const tally = new Map<string, number>();
  counts.forEach((count, code) => {
    if (count === 0) return;
    const { key, name } = sizeOfCode(code);
    names.set(key, name);
    tally.set(key, count);
  });
  const keys = [...new Set([...tally.keys(), ...asked])];
  return keys
    .sort(sizeOrder(keys))
    .map((key) => ({ value: names.get(key) ?? key, count: tally.get(key) ?? 0 }));
}

/**
 * A page of a listing: its products among those that match every filter, how many match, and
 * each facet's counts. Unfiltered, the page is a slice of the columns' order, and the facets are
 * counted once for as long as the columns are kept.
 */
export function narrowListing(
  columns: ShelfColumns,
  asked: { filters: ProductFilters; offset: number; limit: number },
): ListingPage {
  if (isFiltered(asked.filters)) return walkListing(columns, asked);
  const { entries } = columns;
  columns.unfilteredFacets ??= walkListing(columns, { ...asked, limit: 0 }).facets;
  return {
    ids: entries.slice(asked.offset, asked.offset + asked.limit).map((entry) => entry.id),
    total: entries.length,
    facets: columns.unfilteredFacets,
  };
}

/**
 * One walk over a listing's products in the order asked: the page's products among those that
 * match every filter, how many match, and each facet's counts taken with every other filter
 * applied (so a shopper who picked silver still sees how many are gold). An entry that fails no
 * filter counts in every facet; one that fails exactly one counts in that one's facet alone.
 */
function walkListing(
  columns: ShelfColumns,
  { filters, offset, limit }: { filters: ProductFilters; offset: number; limit: number },
): ListingPage {
  // Each facet filter as bits of the values asked; a value no entry has ever had matches none.
  const sizesAsked = filters.size.length > 0;
  const sizesWanted = new Uint8Array(sizeCodesGiven());
  for (const key of filters.size) {
    const code = knownSizeCode(key);
    if (code !== undefined) sizesWanted[code] = 1;
  }
  const metalsAsked = filters.metal.length > 0;
  const metals = askedBits('metal', filters.metal);
  const stonesAsked = filters.stone.length > 0;
  const stones = askedBits('stone', filters.stone);
  const coloursAsked = filters.colour.length > 0;
  const colours = askedBits('colour', filters.colour);
  const materialsAsked = filters.material.length > 0;
  const materials = askedBits('material', filters.material);
  const priceMin = filters.priceMin ?? -Infinity;
  const priceMax = filters.priceMax ?? Infinity;
  const { inStock } = filters;

  const sizeCounts = new Int32Array(sizeCodesGiven());
  const metalCounts = new Int32Array(FACET_LISTS.metal.length + 1);
  const stoneCounts = new Int32Array(FACET_LISTS.stone.length + 1);
  const colourCounts = new Int32Array(FACET_LISTS.colour.length + 1);
  const materialCounts = new Int32Array(FACET_LISTS.material.length + 1);
  let lowest = Infinity;
  let highest = -Infinity;
  const ids: string[] = [];
  let total = 0;

  // Written out filter by filter, in numbers, without a closure or a look-up by name, as it runs
  // once for every product of the shelf on every listing.
  const { entries, pricePence, metal, stone, colour, material, sizesFrom, sizes } = columns;
  const stocked = columns.inStock;
  const count = entries.length;
  for (let index = 0; index < count; index += 1) {
    const price = pricePence[index] ?? 0;
    const sizesEnd = sizesFrom[index + 1] ?? 0;
    let failed = 0;
    if (sizesAsked) {
      let has = false;
      for (let at = sizesFrom[index] ?? 0; at < sizesEnd; at += 1) {
        if (sizesWanted[sizes[at] ?? 0] === 1) {
          has = true;
          break;
        }
      }
      if (!has) failed |= SIZE;
    }
    if (metalsAsked && ((metals >>> (metal[index] ?? 0)) & 1) === 0) failed |= METAL;
    if (stonesAsked && ((stones >>> (stone[index] ?? 0)) & 1) === 0) failed |= STONE;
    if (coloursAsked && ((colours >>> (colour[index] ?? 0)) & 1) === 0) failed |= COLOUR;
    if (materialsAsked && ((materials >>> (material[index] ?? 0)) & 1) === 0) failed |= MATERIAL;
    if (price < priceMin || price > priceMax) failed |= PRICE;
    if (inStock && stocked[index] === 0) failed |= STOCK;
    // Two filters or more failed: it counts nowhere.
    if ((failed & (failed - 1)) !== 0) continue;

    if (failed === 0) {
      total += 1;
      if (total > offset && ids.length < limit) ids.push(entries[index]?.id ?? '');
    }
    if (failed === 0) {
      for (let at = sizesFrom[index] ?? 0; at < sizesEnd; at += 1) bump(sizeCounts, sizes[at] ?? 0);
      bump(metalCounts, metal[index] ?? 0);
      bump(stoneCounts, stone[index] ?? 0);
      bump(colourCounts, colour[index] ?? 0);
      bump(materialCounts, material[index] ?? 0);
      if (price < lowest) lowest = price;
      if (price > highest) highest = price;
      continue;
    }
    // Failed one filter: it counts in that filter's facet alone.
    switch (failed) {
      case SIZE:
        for (let at = sizesFrom[index] ?? 0; at < sizesEnd; at += 1) {
          bump(sizeCounts, sizes[at] ?? 0);
        }
        break;
      case METAL:
        bump(metalCounts, metal[index] ?? 0);
        break;
      case STONE:
        bump(stoneCounts, stone[index] ?? 0);
        break;
      case COLOUR:
        bump(colourCounts, colour[index] ?? 0);
        break;
      case MATERIAL:
        bump(materialCounts, material[index] ?? 0);
        break;
      case PRICE:
        if (price < lowest) lowest = price;
        if (price > highest) highest = price;
        break;
    }
  }

  return {
    ids,
    total,
    facets: {
      size: sizeCountsOf(sizeCounts, filters.size),
      metal: countsOf('metal', metalCounts, filters.metal),
      stone: countsOf('stone', stoneCounts, filters.stone),
      colour: countsOf('colour', colourCounts, filters.colour),
      material: countsOf('material', materialCounts, filters.material),
      price: {
        min: lowest === Infinity ? null : penceToPounds(lowest),
        max: highest === -Infinity ? null : penceToPounds(highest),
      },
    },
  };
}
