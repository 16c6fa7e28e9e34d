import type { Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';

// Live products in the sitemap's order (oldest first, by id among those made at the same moment),
// read from products_sitemap_idx by where the last read stopped, never by an offset from the start.

/** A live product's place in the sitemap's order, as the database gave it back. */
export interface SitemapPlace {
  /** Text on SQLite, a Date on PostgreSQL: handed back to the database as it came. */
  createdAt: string | Date;
  id: string;
}

/** A live product as a sitemap lists it. */
export interface SitemapProduct {
  place: SitemapPlace;
  id: string;
  /** When it last changed, as an ISO time. */
  updatedAt: string;
}

function liveAfter(db: Db, after: SitemapPlace | undefined) {
  const live = db.selectFrom('products').where('status', '=', 'live');
  return after
    ? live.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)),
      )
    : live;
}

/** Up to `limit` live products just after `after` (from the first when it is undefined). */
export async function liveProductsAfter(
  db: Db,
  after: SitemapPlace | undefined,
  limit: number,
): Promise<SitemapProduct[]> {
  const rows = await liveAfter(db, after)
    .select(['id', 'created_at', 'updated_at'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    place: { createdAt: row.created_at, id: row.id },
    id: row.id,
    updatedAt: toIsoString(row.updated_at),
  }));
}

/**
 * The place of the live product `steps` after `after`: one step through the index a file's
 * length long, read in the database without a row leaving it. Undefined when there are fewer.
 */
export async function liveProductPlaceAhead(
  db: Db,
  after: SitemapPlace | undefined,
  steps: number,
): Promise<SitemapPlace | undefined> {
  const row = await liveAfter(db, after)
    .select(['created_at', 'id'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .offset(steps - 1)
    .executeTakeFirst();
  return row && { createdAt: row.created_at, id: row.id };
}
