import { DEPARTMENTS, type Shelf } from '../../shared/catalog/shelves';
import type { ListingFacets } from '../../shared/catalog/facets';
import { lexemeCodesGiven } from './search-lexemes';
import { NO_WORDS, type ShelfEntry } from './shelf-entry';

/**
 * A listing's entries in its order, and what its filters read of each as columns of numbers
 * side by side: a walk over 100,000 entries then reads a few megabytes in a row instead of
 * chasing 100,000 objects across the heap.
 */
export interface ShelfColumns {
  entries: readonly ShelfEntry[];
  pricePence: Int32Array;
  /** 1 in stock, 0 not. */
  inStock: Uint8Array;
  metal: Uint8Array;
  stone: Uint8Array;
  colour: Uint8Array;
  material: Uint8Array;
  /** Entry `i`'s sizes are `sizes[sizesFrom[i]]` up to (not including) `sizes[sizesFrom[i + 1]]`. */
  sizesFrom: Int32Array;
  /** Size codes (see `sizeCode`). */
  sizes: Int32Array;
  /** The facets' counts of every entry, once a listing has counted them. */
  unfilteredFacets?: ListingFacets;
  /** Which entries hold each lexeme, once a search has asked: see `postingsOf`. */
  postings?: Postings;
}

/**
 * The places in `entries` of those holding each lexeme, in the entries' order: lexeme `code`'s
 * are `at[from[code]]` up to (not including) `at[from[code + 1]]`. Codes given since hold none.
 */
export interface Postings {
  from: Int32Array;
  at: Int32Array;
}

const isDepartment = (shelf: Shelf) => (DEPARTMENTS as readonly string[]).includes(shelf);

/** The entries (of a shelf, if given) in the order given, as columns. */
export function columnsOf(ordered: readonly ShelfEntry[], shelf?: Shelf): ShelfColumns {
  const entries =
    shelf === undefined
      ? ordered
      : ordered.filter(
          isDepartment(shelf)
            ? (entry) => entry.department === shelf
            : (entry) => entry.category === shelf,
        );
  const count = entries.length;
  const columns: ShelfColumns = {
    entries,
    pricePence: new Int32Array(count),
    inStock: new Uint8Array(count),
    metal: new Uint8Array(count),
    stone: new Uint8Array(count),
    colour: new Uint8Array(count),
    material: new Uint8Array(count),
    sizesFrom: new Int32Array(count + 1),
    sizes: new Int32Array(entries.reduce((sum, entry) => sum + entry.sizes.length, 0)),
  };
  let sized = 0;
  entries.forEach((entry, index) => {
    writeRow(columns, index, entry);
    columns.sizesFrom[index] = sized;
    for (const size of entry.sizes) columns.sizes[sized++] = size.code;
  });
  columns.sizesFrom[count] = sized;
  return columns;
}

function writeRow(columns: ShelfColumns, index: number, entry: ShelfEntry) {
  columns.pricePence[index] = entry.pricePence;
  columns.inStock[index] = entry.inStock ? 1 : 0;
  columns.metal[index] = entry.metal;
  columns.stone[index] = entry.stone;
  columns.colour[index] = entry.colour;
  columns.material[index] = entry.material;
}

/**
 * Writes an entry changed in place (in no order moved, on the same shelf) into columns that hold
 * it: false when they cannot take it so (it has more or fewer sizes in stock than it had) and
 * must be made again. A sale changes one product's stock: its rows are rewritten, not every
 * shelf's columns made again.
 */
export function rewriteEntry(
  columns: ShelfColumns,
  entry: ShelfEntry,
  { reworded = false } = {},
): boolean {
  const index = columns.entries.indexOf(entry);
  if (index === -1) return true;
  if (reworded) delete columns.postings;
  const from = columns.sizesFrom[index] ?? 0;
  if ((columns.sizesFrom[index + 1] ?? 0) - from !== entry.sizes.length) return false;
  writeRow(columns, index, entry);
  entry.sizes.forEach((size, at) => {
    columns.sizes[from + at] = size.code;
  });
  delete columns.unfilteredFacets;
  return true;
}

/** The postings of the entries of these columns, made when first asked and kept with them. */
export function postingsOf(columns: ShelfColumns): Postings {
  if (columns.postings !== undefined) return columns.postings;
  const { entries } = columns;
  const codes = lexemeCodesGiven();
  const from = new Int32Array(codes + 1);
  for (const { words } of entries) {
    for (let at = 0; at < words.length; at += 1) {
      const slot = (words[at] ?? 0) + 1;
      from[slot] = (from[slot] ?? 0) + 1;
    }
  }
  for (let code = 0; code < codes; code += 1) {
    from[code + 1] = (from[code + 1] ?? 0) + (from[code] ?? 0);
  }
  const at = new Int32Array(from[codes] ?? 0);
  const next = from.slice(0, codes);
  for (let place = 0; place < entries.length; place += 1) {
    const words = entries[place]?.words ?? NO_WORDS;
    for (let word = 0; word < words.length; word += 1) {
      const code = words[word] ?? 0;
      const slot = next[code] ?? 0;
      at[slot] = place;
      next[code] = slot + 1;
    }
  }
  columns.postings = { from, at };
  return columns.postings;
}
