import type { OrderStatus } from '../../shared/order-status';
import type { Db } from '../db/schema';
import type { SearchTerms } from '../db/search-words';
import { foundBy, withWordFrom } from '../db/word-index';
import { withItems, type StoredOrder } from './orders.repository';

/** What the back office looks for; every part given must hold. */
export interface OrderFilter {
  /** From `searchTerms`: the whole code, each word (all must be found), an id's end. */
  terms?: SearchTerms;
  status?: OrderStatus;
  /** Paid at or after this instant. */
  since?: string;
  /** Paid before this instant. */
  before?: string;
}

/**
 * Found more than this many, a page is read by walking the orders in order, each tested against
 * the words, which stops at the page's end; fewer, from the ids found. PostgreSQL chooses neither
 * well by itself: it tested every order to find a handful, and read every order to join a few
 * thousand ids found.
 */
const WALKED_WHEN_FOUND = 1000;

function filtered(db: Db, filter: OrderFilter, { walking = false } = {}) {
  let query = db.selectFrom('orders');
  // Orders are made when they are paid, so the day paid is the day made, which the index holds.
  if (filter.since !== undefined) query = query.where('orders.created_at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('orders.created_at', '<', filter.before);
  if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status);
  const { terms } = filter;
  if (terms !== undefined && terms.whole !== '') {
    query = query.where((eb) => {
      if (!walking) return eb('orders.id', 'in', foundBy(db, 'order_words', terms));
      const has = (prefix: string) =>
        eb('orders.id', 'in', withWordFrom(db, 'order_words', prefix));
      const ways = [has(terms.whole)];
      if (terms.words.length > 1) ways.push(eb.and(terms.words.map(has)));
      if (terms.idEnd !== undefined) ways.push(has(terms.idEnd));
      return eb.or(ways);
    });
  }
  return query;
}

/**
 * A slice of the orders found, newest first, with how many were found. A slice past the middle
 * is read from the oldest end, so that the last page costs what the first does.
 */
export async function searchOrders(
  db: Db,
  filter: OrderFilter,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ orders: StoredOrder[]; total: number }> {
  const counted = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  if (offset >= total) return { orders: [], total };
  const fromOldest = offset + limit / 2 > total / 2;
  const direction = fromOldest ? 'asc' : 'desc';
  const rows = await filtered(db, filter, { walking: total > WALKED_WHEN_FOUND })
    .selectAll('orders')
    .orderBy('orders.created_at', direction)
    .orderBy('orders.id', direction)
    .limit(fromOldest ? Math.min(limit, total - offset) : limit)
    .offset(fromOldest ? Math.max(0, total - offset - limit) : offset)
    .execute();
  if (fromOldest) rows.reverse();
  return { orders: await withItems(db, rows), total };
}

/** Orders not yet found by their words (those taken before the search existed), a batch. */
export async function ordersWithoutWords(db: Db, limit: number): Promise<StoredOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('order_words')
            .select('word')
            .whereRef('order_words.order_id', '=', 'orders.id'),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return withItems(db, rows);
}
