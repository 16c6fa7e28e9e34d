import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail } from '../../shared/customers/customers';
import type { NoteBody } from '../../shared/orders/order-desk';
import { itemPath } from './admin-resource';
import { apiRequest } from './client';

const customerKey = (id: string) => ['session', 'customers', 'detail', id] as const;

/**
 * One customer, an account or a guest, with every order of theirs, what they spent and what went
 * back, their addresses and phones, and staff's notes: staff and the owner.
 */
export const useCustomer = (id: string) =>
  useQuery(
    queryOptions({
      // Beside the customer lists, under what belongs to whoever is signed in.
      queryKey: customerKey(id),
      queryFn: ({ signal }) => apiRequest<CustomerDetail>(itemPath('/customers', id), { signal }),
    }),
  );

/** Staff write a note on a customer; the page shows it at once. */
export function useAddCustomerNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteBody) =>
      apiRequest<CustomerDetail>(`${itemPath('/customers', id)}/notes`, { method: 'POST', body }),
    onSuccess: (customer) => queryClient.setQueryData(customerKey(id), customer),
  });
}
