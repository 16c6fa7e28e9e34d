import { useMutation, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../shared/api';
import { MAX_DISPATCH_LINES } from '../../shared/orders/order-desk';
import type { OrderStatus } from '../../shared/orders/order-status';
import type { AdminOrderPage, Order } from '../../shared/orders/orders';
import { adminPageQuery } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** What the back office's order list is narrowed to: words, a status, the days paid, a page. */
export interface OrderSearch {
  q: string;
  status: OrderStatus | '';
  /** `YYYY-MM-DD` in UK time, inclusive; blank for no bound. */
  from: string;
  to: string;
  page: number;
}

/** `q=…&status=…&from=…&to=…&pageNumber=…` for the API, blanks left out. */
function queryOf(search: Omit<OrderSearch, 'page'>, page: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to'] as const) {
    if (search[key] !== '') params.set(key, search[key]);
  }
  params.set('pageNumber', String(page));
  return params.toString();
}

const searchPage = (search: Omit<OrderSearch, 'page'>, page: number) =>
  apiRequest<AdminOrderPage>(`/orders?${queryOf(search, page)}`);

/** One page of the orders found, newest first, with how many were found: staff and the owner. */
export const useOrderSearch = (search: OrderSearch) =>
  useQuery(
    adminPageQuery<AdminOrderPage>(
      queryKeys.orderSearch(search),
      `/orders?${queryOf(search, search.page)}`,
    ),
  );

const PAGES_WANTED = Math.ceil(MAX_DISPATCH_LINES / ADMIN_PAGE_SIZE);

/**
 * Every order waiting to be dispatched, up to as many as one dispatch takes, the oldest first
 * when there are more: the pages are newest first, so the last ones are asked for.
 */
async function waitingToDispatch(): Promise<{ orders: Order[]; total: number }> {
  const paid = { q: '', status: 'paid', from: '', to: '' } as const;
  const first = await searchPage(paid, 1);
  const firstWanted = Math.max(2, first.pages - PAGES_WANTED + 1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pages - firstWanted + 1) }, (_, index) =>
      searchPage(paid, firstWanted + index),
    ),
  );
  const orders = [first, ...rest].flatMap((page) => page.orders).reverse();
  const unique = [...new Map(orders.map((order) => [order._id, order])).values()];
  return { orders: unique.slice(0, MAX_DISPATCH_LINES), total: first.total };
}

/** Asks for every paid order not yet dispatched, for the list to tick them all. */
export const useWaitingToDispatch = () => useMutation({ mutationFn: waitingToDispatch });
