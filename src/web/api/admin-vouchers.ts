import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { adminVoucherSchema, voucherPageSchema, type VoucherUpdateBody } from '../../shared/admin';
import { messageSchema } from '../../shared/api';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The admin's vouchers: the server answers every call here with 403 to anyone else.

const voucherPath = (id: string) => `/vouchers/${encodeURIComponent(id)}`;

export function adminVouchersQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.adminVouchers(page),
    queryFn: ({ signal }) =>
      apiRequest(`/vouchers?pageNumber=${page}`, voucherPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminVoucherQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminVoucher(id),
    queryFn: ({ signal }) => apiRequest(voucherPath(id), adminVoucherSchema, { signal }),
  });
}

export const useAdminVouchers = (page: number) => useQuery(adminVouchersQuery(page));
export const useAdminVoucher = (id: string) => useQuery(adminVoucherQuery(id));

/** A changed voucher changes the list and what a code applied at checkout is worth. */
function useRefreshVouchers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminVoucherLists }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allVouchersByCode }),
    ]);
}

/** Makes an empty draft voucher, which no shopper can use until it is saved. */
export function useCreateVoucher() {
  const queryClient = useQueryClient();
  const refresh = useRefreshVouchers();
  return useMutation({
    mutationFn: () => apiRequest('/vouchers', adminVoucherSchema, { method: 'POST' }),
    onSuccess: async (voucher) => {
      queryClient.setQueryData(queryKeys.adminVoucher(voucher._id), voucher);
      await refresh();
    },
  });
}

/** A code another voucher has (in any case) answers 409. */
export function useUpdateVoucher() {
  const queryClient = useQueryClient();
  const refresh = useRefreshVouchers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VoucherUpdateBody }) =>
      apiRequest(voucherPath(id), adminVoucherSchema, { method: 'PUT', body }),
    onSuccess: async (voucher) => {
      queryClient.setQueryData(queryKeys.adminVoucher(voucher._id), voucher);
      await refresh();
    },
  });
}

export function useDeleteVoucher() {
  const queryClient = useQueryClient();
  const refresh = useRefreshVouchers();
  return useMutation({
    mutationFn: (id: string) => apiRequest(voucherPath(id), messageSchema, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.adminVoucher(id) });
      await refresh();
    },
  });
}
