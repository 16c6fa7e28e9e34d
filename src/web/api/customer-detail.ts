import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '../../shared/customers';
import { itemPath } from './admin-resource';
import { apiRequest } from './client';

/** One account with every order of theirs, what they spent and what went back: staff and the owner. */
export const useCustomer = (id: string) =>
  useQuery(
    queryOptions({
      // Beside the customer lists, under what belongs to whoever is signed in.
      queryKey: ['session', 'customers', 'detail', id] as const,
      queryFn: ({ signal }) => apiRequest<CustomerDetail>(itemPath('/customers', id), { signal }),
    }),
  );
