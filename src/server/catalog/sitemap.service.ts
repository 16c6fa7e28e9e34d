import type { Db } from '../db/schema';
import { nextTurn } from '../http/paged-text';
import {
  liveProductPlaceAhead,
  liveProductsAfter,
  liveProductSpan,
  type SitemapPlace,
  type SitemapProduct,
  type SitemapSpan,
} from './sitemap.repository';

export type { SitemapProduct, SitemapSpan };

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
  /** Products read from the database at once while a file is written. */
  perRead: number;
  perFile: number;
}

/** Each file's count and newest change, walking the index a file at a time. */
export async function productSitemapFiles(
  db: Db,
  { perFile }: SitemapFiles,
): Promise<SitemapSpan[]> {
  const files: SitemapSpan[] = [];
  let after: SitemapPlace | undefined;
  for (;;) {
    const span = await liveProductSpan(db, after, perFile);
    if (span.count > 0) files.push(span);
    if (span.count < perFile) return files;
    await nextTurn();
    after = await liveProductPlaceAhead(db, after, perFile);
    await nextTurn();
  }
}

/**
 * The products of file `number`, a read at a time, or undefined when there is no such file. The
 * first read is made before this answers, so that a file beyond the last is known at once.
 */
export async function productSitemapFile(
  db: Db,
  number: number,
  { perFile, perRead }: SitemapFiles,
): Promise<AsyncIterable<SitemapProduct[]> | undefined> {
  let after: SitemapPlace | undefined;
  for (let passed = 1; passed < number; passed += 1) {
    after = await liveProductPlaceAhead(db, after, perFile);
    if (after === undefined) return undefined;
    await nextTurn();
  }
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
