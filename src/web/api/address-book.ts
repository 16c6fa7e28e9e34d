import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress } from '../../shared/accounts/address-book';
import type { ShippingAddress } from '../../shared/accounts/addresses';
import type { Message } from '../../shared/api';
import { useSession } from '../state/session-store';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

const addressPath = (id: string) => `/users/addresses/${encodeURIComponent(id)}`;

function addressBookQuery() {
  return queryOptions({
    queryKey: queryKeys.addressBook,
    queryFn: ({ signal }) => apiRequest<SavedAddress[]>('/users/addresses', { signal }),
  });
}

/** The signed-in customer's saved addresses, most recently used first; asked only when signed in. */
export function useAddressBook() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({ ...addressBookQuery(), enabled: signedIn });
}

/** Every change to the book asks for it again, so its order is the server's. */
function useAddressBookChange<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addressBook }),
  });
}

/** Saves an address to the top of the book (the same one saved before moves up instead). */
export const useSaveAddress = () =>
  useAddressBookChange((address: ShippingAddress) =>
    apiRequest<SavedAddress>('/users/addresses', { method: 'POST', body: address }),
  );

export const useChangeAddress = () =>
  useAddressBookChange(({ id, address }: { id: string; address: ShippingAddress }) =>
    apiRequest<SavedAddress>(addressPath(id), { method: 'PUT', body: address }),
  );

/** Tells the shop the customer chose this address at checkout, so it comes first next time. */
export const useChooseAddress = () =>
  useAddressBookChange((id: string) =>
    apiRequest<SavedAddress>(`${addressPath(id)}/use`, { method: 'POST' }),
  );

export const useRemoveAddress = () =>
  useAddressBookChange((id: string) => apiRequest<Message>(addressPath(id), { method: 'DELETE' }));
