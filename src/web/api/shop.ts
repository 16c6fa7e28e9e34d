import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopIdentity } from '../../shared/api';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** Who sells: the trader's identity, which changes only when the shop is reconfigured. */
export function shopIdentityQuery() {
  return queryOptions({
    queryKey: queryKeys.shopIdentity,
    queryFn: ({ signal }) => apiRequest<ShopIdentity>('/config/shop', { signal }),
    staleTime: Infinity,
  });
}

export const useShopIdentity = () => useQuery(shopIdentityQuery());
