import type { Db } from '../db/schema';
import { nextTurn } from '../http/paged-text';
import { keptSize } from '../sql/list-sizes';
import {
  liveProductPlaceAhead,
  liveProductsAfter,
  type SitemapPlace,
  type SitemapProduct,
} from './sitemap.repository';

export type { SitemapProduct };

/**
 * How many products a sitemap file reads from the database at once: a read of 500 blocks the
 * process well under a millisecond on SQLite, and a file of 50,000 takes 100 of them.
 */
export const SITEMAP_PRODUCTS_PER_READ = 500;

/**
 * Live products as sitemap files of `perFile` each: file 1 holds the oldest `perFile`, file 2 the
 * next, and so on, in the order of products_sitemap_idx. A new product comes last, so the files
 * before the last keep what they hold; a product taken down moves the ones after it a place
 * earlier, so one may move into a file a search engine has just read, and is found there on its
 * next visit. See docs/decisions/031-sitemap-files.md.
 */
export interface SitemapFiles {
  perFile: number;
  /** Products read from the database at once while a file is written. */
  perRead: number;
  /** The most places one read steps through the index (10,000 unless told). */
  placesAStep?: number;
}

/**
 * The most places one read steps through the index: a few milliseconds on SQLite even with the
 * index not yet in memory, so a file of 50,000 is passed in five steps with a turn between each.
 */
const PLACES_A_STEP = 10_000;

/** The place of the live product `count` after `after`; undefined when there are fewer. */
async function placeAhead(
  db: Db,
  after: SitemapPlace | undefined,
  count: number,
  placesAStep: number,
): Promise<SitemapPlace | undefined> {
  let place = after;
  for (let left = count; left > 0; left -= placesAStep) {
    place = await liveProductPlaceAhead(db, place, Math.min(placesAStep, left));
    if (place === undefined) return undefined;
    await nextTurn();
  }
  return place;
}

/**
 * How many product files the live products fill, from their number as it is kept (see
 * list-sizes.ts): the index is read in the same time however large the catalogue grows.
 */
export async function productSitemapFileCount(db: Db, { perFile }: SitemapFiles): Promise<number> {
  return Math.ceil((await keptSize(db, 'products:live')) / perFile);
}

/**
 * The products of file `number`, a read at a time, or undefined when there is no such file. The
 * first read is made before this answers, so that a file beyond the last is known at once.
 */
export async function productSitemapFile(
  db: Db,
  number: number,
  { perFile, perRead, placesAStep = PLACES_A_STEP }: SitemapFiles,
): Promise<AsyncIterable<SitemapProduct[]> | undefined> {
  const after =
    number === 1 ? undefined : await placeAhead(db, undefined, (number - 1) * perFile, placesAStep);
  if (number > 1 && after === undefined) return undefined;
  const first = await liveProductsAfter(db, after, Math.min(perRead, perFile));
  if (first.length === 0) return undefined;
  async function* reads() {
    let read = first;
    let asked = Math.min(perRead, perFile);
    let left = perFile - read.length;
    yield read;
    // A short read was the catalogue's end.
    while (left > 0 && read.length === asked) {
      const last = read.at(-1);
      if (last === undefined) return;
      asked = Math.min(perRead, left);
      read = await liveProductsAfter(db, last.place, asked);
      if (read.length === 0) return;
      left -= read.length;
      yield read;
    }
  }
  return reads();
}
