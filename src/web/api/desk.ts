import { useQuery } from '@tanstack/react-query';
import type { Desk } from '../../shared/desk/desk';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * Today's work in one answer: staff and the owner. Kept with the orders in the cache, so that a
 * dispatch, a refund or a new order asks for it again; and asked again on every visit, since stock
 * changed elsewhere (a product's form, a sale) shows on it too.
 */
export const useDesk = () =>
  useQuery({
    queryKey: queryKeys.desk,
    queryFn: ({ signal }) => apiRequest<Desk>('/admin/desk', { signal }),
    staleTime: 0,
  });
