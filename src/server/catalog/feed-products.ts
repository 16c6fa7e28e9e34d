import type { Db } from '../db/schema';
import { liveProductsForFeedAfter, type FeedProductRecord } from './feed-products.repository';

/**
 * What other domains (the product feeds) may read of the whole live catalogue: every live
 * product with its variants and pictures, a read at a time, in an order that never moves a
 * product already read. The catalogue's own names, from the one place that keeps them.
 */
export type { FeedProductRecord } from './feed-products.repository';
export type { ProductRecord, VariantRecord } from './catalog.repository';
export { picturesOf } from './catalog.service';

/**
 * How many products one read takes. On the bench, the Google feed of a shop of 100,000 products
 * (a quarter of them in three sizes: 129,777 items, 154 MB) streamed in reads of 200 raised the
 * shop's memory by 6 MB on SQLite. Wider reads of such wide rows lift the heap (see 034).
 */
export const FEED_PRODUCTS_PER_READ = 200;

export interface FeedReads {
  /** Products read from the database at once. */
  perRead: number;
  /** Categories left out (gift cards, which feeds do not carry). */
  exceptCategories: readonly string[];
}

/**
 * Every live product, oldest first, `perRead` at a time. Each read starts where the last one
 * stopped, so a product saved meanwhile is read once at most, and the reads before it are gone
 * from memory before the next is made.
 */
export async function* liveProductsInReads(
  db: Db,
  { perRead, exceptCategories }: FeedReads,
): AsyncGenerator<FeedProductRecord[]> {
  let read = await liveProductsForFeedAfter(db, undefined, perRead, exceptCategories);
  while (read.length > 0) {
    yield read;
    const last = read.at(-1);
    // A short read was the catalogue's end.
    if (last === undefined || read.length < perRead) return;
    read = await liveProductsForFeedAfter(db, last.place, perRead, exceptCategories);
  }
}
