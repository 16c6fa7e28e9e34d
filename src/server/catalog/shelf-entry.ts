import { FACET_LISTS, type FacetName, type Sort } from '../../shared/catalog/facets';

/** A size a product has in stock: as its variants write it, and as filters match it. */
export interface EntrySize {
  /** Upper case: `M`, `N½`, `ONE SIZE`. */
  key: string;
  /** As the owner wrote it: `M`, `N½`, `One size`. */
  name: string;
  /** The key's number in this process, from 0: see `sizeCode`. */
  code: number;
}

/**
 * A value's place in its list of the shop's (`sterling silver` is metal 1), 0 for none: walking
 * 100,000 entries, a listing counts and matches numbers rather than words.
 */
export const facetCode = (name: FacetName, value: string | null) =>
  value === null ? 0 : (FACET_LISTS[name] as readonly string[]).indexOf(value) + 1;

/** The value at a place in its list. */
export const facetOfCode = (name: FacetName, code: number): string | undefined =>
  FACET_LISTS[name][code - 1];

const sizeKeys: string[] = [];
const sizeNames: string[] = [];
const sizeCodes = new Map<string, number>();

/** A size key's number in this process, given when it is first seen, with the name it had. */
export function sizeCode(key: string, name = key): number {
  let code = sizeCodes.get(key);
  if (code === undefined) {
    code = sizeKeys.length;
    sizeCodes.set(key, code);
    sizeKeys.push(key);
    sizeNames.push(name);
  }
  return code;
}

/** A size key's number, if any entry has had it. */
export const knownSizeCode = (key: string) => sizeCodes.get(key);
/** How many size keys have numbers: every code is below it. */
export const sizeCodesGiven = () => sizeKeys.length;
export const sizeOfCode = (code: number) => ({
  key: sizeKeys[code] ?? '',
  name: sizeNames[code] ?? '',
});

/**
 * What filtering and sorting a listing need of one live product, and nothing else: its page is
 * read from the database once it is chosen.
 */
export interface ShelfEntry {
  id: string;
  category: string;
  department: string | null;
  /** Milliseconds since 1970. */
  createdAt: number;
  /** With options, its lowest variant price, as shoppers see it. */
  pricePence: number;
  inStock: boolean;
  /** The sizes it has in stock (of a group named `Size` or `… size`), in the owner's order. */
  sizes: EntrySize[];
  /** Each facet as its value's place in the shop's list: see `facetCode`. */
  metal: number;
  stone: number;
  colour: number;
  material: number;
  /** Units sold in paid orders. */
  unitsSold: number;
  /** Its average rating, 0 when it has no reviews. */
  rating: number;
  numReviews: number;
  /**
   * On PostgreSQL, the lexemes of its name, brand, category and description as the full-text
   * index holds them, as numbers (see `lexemeCode`): a search walks them newest first. Empty on
   * SQLite, whose own index walks its matches newest first.
   */
  words: Int32Array;
}

/** The words of an entry that has none, shared. */
export const NO_WORDS = new Int32Array(0);

/** Whether an entry's words changed. */
export const sameWords = (a: Int32Array, b: Int32Array) =>
  a.length === b.length && a.every((code, at) => code === b[at]);

/** The sorts that read the index's own order of every entry: all but a search's best matches. */
export type EntryOrder = Exclude<Sort, 'featured'>;

const byId = (a: ShelfEntry, b: ShelfEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Newest first, as listings always were; ties by id, so every page holds each product once. */
const newest = (a: ShelfEntry, b: ShelfEntry) => b.createdAt - a.createdAt || byId(a, b);

export const ENTRY_ORDERS: Record<EntryOrder, (a: ShelfEntry, b: ShelfEntry) => number> = {
  newest,
  'price-asc': (a, b) => a.pricePence - b.pricePence || newest(a, b),
  'price-desc': (a, b) => b.pricePence - a.pricePence || newest(a, b),
  bestselling: (a, b) => b.unitsSold - a.unitsSold || newest(a, b),
  rating: (a, b) => b.rating - a.rating || b.numReviews - a.numReviews || newest(a, b),
};

/** Which orders a change of one entry to another (the same product) may move it in. */
export function ordersMoved(before: ShelfEntry, after: ShelfEntry): EntryOrder[] {
  const moved: EntryOrder[] = [];
  // A product moved to another shelf, or made at another time, moves in every order.
  if (
    before.createdAt !== after.createdAt ||
    before.category !== after.category ||
    before.department !== after.department
  ) {
    return Object.keys(ENTRY_ORDERS) as EntryOrder[];
  }
  if (before.pricePence !== after.pricePence) moved.push('price-asc', 'price-desc');
  if (before.unitsSold !== after.unitsSold) moved.push('bestselling');
  if (before.rating !== after.rating || before.numReviews !== after.numReviews) {
    moved.push('rating');
  }
  return moved;
}

const CLOTHING_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL'];

/**
 * An order for these sizes as a shopper reads them: clothing from small to large when all of
 * them are clothing sizes; otherwise letters (ring sizes, a half after its whole) from A to Z
 * after the sizes only clothing has (XS, XL), then numbers by value, then anything else.
 */
export function sizeOrder(sizes: readonly string[]): (a: string, b: string) => number {
  const clothingOnly = sizes.every((size) => CLOTHING_SIZES.includes(size));
  const rank = (size: string): [number, number] => {
    const clothing = CLOTHING_SIZES.indexOf(size);
    if (clothing !== -1 && (clothingOnly || size.length > 1)) return [0, clothing];
    const ring = /^([A-Z])( ?(½|1\/2))?$/.exec(size);
    if (ring?.[1]) return [1, ring[1].charCodeAt(0) * 2 + (ring[2] ? 1 : 0)];
    const number = /^\d+(\.\d+)?/.exec(size);
    if (number) return [2, Number(number[0])];
    return [3, 0];
  };
  return (a, b) => {
    const [groupA, valueA] = rank(a);
    const [groupB, valueB] = rank(b);
    return groupA - groupB || valueA - valueB || a.localeCompare(b, 'en-GB');
  };
}
