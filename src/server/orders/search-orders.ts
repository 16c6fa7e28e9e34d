import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type { AdminOrderPage, OrderSearchQuery } from '../../shared/orders/orders';
import { ukDayEnd, ukDayStart } from '../../shared/uk-time';
import type { Db } from '../db/schema';
import { pageCount, pageOffset } from '../http/paging';
import type { OrdersContext } from './orders-context';
import { presentOrders } from './order-view';
import { ordersWithoutWords, searchOrders } from './order-search.repository';
import { addOrderWords } from './order-writes.repository';
import { searchTerms } from '../sql/search-words';
import { orderWords } from './order-words';

/**
 * Staff look for an order: by its number, its id or the end of it, the customer's name or email,
 * the recipient, the postcode, the tracking number, a product or a SKU; by status; by the UK days
 * it was paid. Newest first, 20 a page, with how many were found.
 */
export async function findOrders(
  { database }: OrdersContext,
  query: OrderSearchQuery,
): Promise<AdminOrderPage> {
  const { orders, total } = await searchOrders(
    database.db,
    {
      terms: query.q === undefined || query.q === '' ? undefined : searchTerms(query.q),
      status: query.status,
      since: query.from === undefined ? undefined : ukDayStart(query.from).toISOString(),
      before: query.to === undefined ? undefined : ukDayEnd(query.to).toISOString(),
    },
    { offset: pageOffset(query.pageNumber, ADMIN_PAGE_SIZE), limit: ADMIN_PAGE_SIZE },
  );
  return {
    orders: await presentOrders(database.db, orders),
    page: query.pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
    total,
  };
}

const BATCH = 500;

/**
 * Gives the orders taken before the search existed the words they are found by; run at start-up,
 * in its lock. Answers how many it indexed.
 */
export async function indexUnsearchedOrders(db: Db): Promise<number> {
  let indexed = 0;
  for (;;) {
    const orders = await ordersWithoutWords(db, BATCH);
    for (const order of orders) await addOrderWords(db, order.id, orderWords(order));
    indexed += orders.length;
    if (orders.length < BATCH) return indexed;
  }
}
