import { useParams, useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders/order-status';
import type { OrderSearch } from '../api/order-search';
import { pageFromParam } from '../ui/Pagination';

export const ORDER_LIST_PATH = '/admin/orderlist';

const isStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

/** A status word as the search takes it, or blank for any other text. */
export const statusOrBlank = (value: string): OrderStatus | '' => (isStatus(value) ? value : '');
const dayOr = (value: string | null) =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

/**
 * The order list's search as its address holds it: `?q=&status=&from=&to=&page=`. The older
 * `/admin/orderlist/2` still opens page 2. Anything the address holds that the search cannot
 * take (an unknown status, a date mistyped) is left out rather than refused.
 */
export function useOrderListSearch(): OrderSearch {
  const [params] = useSearchParams();
  const { pageNumber } = useParams();
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: statusOrBlank(params.get('status') ?? ''),
    from: dayOr(params.get('from')),
    to: dayOr(params.get('to')),
    page: pageFromParam(params.get('page') ?? pageNumber),
  };
}

/** The address of a search, from its first page unless told; blanks are left out. */
export function orderListAddress(search: Omit<OrderSearch, 'page'> & { page?: number }): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to'] as const) {
    if (search[key] !== '') params.set(key, search[key]);
  }
  if (search.page !== undefined && search.page > 1) params.set('page', String(search.page));
  const query = params.toString();
  return query === '' ? ORDER_LIST_PATH : `${ORDER_LIST_PATH}?${query}`;
}

/** Whether the list is narrowed at all (words, a status or dates). */
export const isNarrowed = (search: OrderSearch) =>
  search.q !== '' || search.status !== '' || search.from !== '' || search.to !== '';
