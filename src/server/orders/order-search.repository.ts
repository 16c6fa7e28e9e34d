import type { OrderStatus } from '../../shared/orders/order-status';
import { keptSize } from '../sql/list-sizes';
import { alongRead, countRows, readPage } from '../sql/page-read';
import type { Db } from '../db/schema';
import type { SearchTerms } from '../sql/search-words';
import { foundBy } from '../sql/word-index';
import { findOrders, withItems, type StoredOrder } from './orders.repository';

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

function filtered(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  // Orders are made when they are paid, so the day paid is the day made, which the index holds.
  if (filter.since !== undefined) query = query.where('orders.created_at', '>=', filter.since);
  if (filter.before !== undefined) query = query.where('orders.created_at', '<', filter.before);
  if (filter.status !== undefined) query = query.where('orders.status', '=', filter.status);
  return query;
}

/**
 * A slice of the orders found, newest first, with how many were found. A slice past the middle
 * is read from the oldest end, so that the last page costs what the first does.
 */
export async function searchOrders(
  db: Db,
  filter: OrderFilter,
  slice: { offset: number; limit: number },
): Promise<{ orders: StoredOrder[]; total: number }> {
  const { terms } = filter;
  if (terms !== undefined && terms.whole !== '') return searchByWords(db, filter, terms, slice);
  const { rows, total } = await readPage(
    slice,
    async () => {
      // Every order, or those of a status, have their number kept; days paid are counted.
      if (filter.since === undefined && filter.before === undefined) {
        return keptSize(db, filter.status === undefined ? 'orders' : `orders:${filter.status}`);
      }
      return countRows(filtered(db, filter));
    },
    (at) =>
      alongRead(filtered(db, filter).selectAll('orders'), at, [
        ['orders.created_at', 'desc'],
        ['orders.id', 'desc'],
      ]).execute(),
  );
  return { orders: await withItems(db, rows), total };
}

/**
 * The orders words find: counted and put in order from the words alone, each kept with its
 * order's date, so that neither reads every order found; only a status asks the orders
 * themselves. The slice's orders are then read by their ids.
 */
async function searchByWords(
  db: Db,
  filter: OrderFilter,
  terms: SearchTerms,
  slice: { offset: number; limit: number },
): Promise<{ orders: StoredOrder[]; total: number }> {
  const within = { since: filter.since, before: filter.before };
  const words = await foundBy(db, 'order_words', terms, within);
  const found = () => {
    const query = db.selectFrom(words.as('found'));
    return filter.status === undefined
      ? query
      : query
          .innerJoin('orders', 'orders.id', 'found.id')
          .where('orders.status', '=', filter.status);
  };
  const { rows, total } = await readPage(
    slice,
    () => countRows(found()),
    (at) =>
      alongRead(found().select('found.id'), at, [
        ['found.at', 'desc'],
        ['found.id', 'desc'],
      ]).execute(),
  );
  const ids = rows.map((row) => row.id);
  const byId = new Map((await findOrders(db, ids)).map((order) => [order.id, order]));
  return { orders: ids.flatMap((id) => byId.get(id) ?? []), total };
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
