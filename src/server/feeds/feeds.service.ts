import { liveProductsInReads } from '../catalog/feed-products';
import type { Db } from '../db/schema';
import { feedItemsOf, type FeedContext, type FeedItem } from './feed-items';
import { LEFT_OUT_OF_FEEDS } from './shelf-categories';

/** A feed's items, a read of the catalogue at a time. */
export type FeedItemReads = AsyncIterable<FeedItem[]>;

/**
 * Every item of the feeds, a read of `perRead` products at a time: live products only (drafts
 * never), gift cards left out. The first read is made before this answers, so that a database
 * that cannot be read is an error answer rather than a feed cut short after its first line.
 */
export async function feedItemReads(
  db: Db,
  context: FeedContext,
  perRead: number,
): Promise<FeedItemReads> {
  const reads = liveProductsInReads(db, { perRead, exceptCategories: LEFT_OUT_OF_FEEDS });
  const first = await reads.next();
  async function* items(): AsyncGenerator<FeedItem[]> {
    if (first.done === true) return;
    yield first.value.flatMap((record) => feedItemsOf(record, context));
    for await (const read of reads) yield read.flatMap((record) => feedItemsOf(record, context));
  }
  return items();
}
