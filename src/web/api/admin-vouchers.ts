import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVoucher, VoucherPage, VoucherUpdateBody } from '../../shared/vouchers/vouchers';
import { adminMutations, adminPageQuery, itemPath } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The admin's vouchers: the server answers every call here with 403 to anyone else.

/** One page of the shop's vouchers, drafts included. */
const adminVouchersQuery = (page: number) =>
  adminPageQuery<VoucherPage>(queryKeys.adminVouchers(page), `/vouchers?pageNumber=${page}`);

/** One voucher as the admin edits it, even a draft. */
function adminVoucherQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminVoucher(id),
    queryFn: ({ signal }) => apiRequest<AdminVoucher>(itemPath('/vouchers', id), { signal }),
  });
}

export const useAdminVouchers = (page: number) => useQuery(adminVouchersQuery(page));
export const useAdminVoucher = (id: string) => useQuery(adminVoucherQuery(id));

const mutations = adminMutations<AdminVoucher, VoucherUpdateBody>({
  path: '/vouchers',
  keyOf: queryKeys.adminVoucher,
  // A changed voucher changes the list and what a code applied at checkout is worth.
  stale: [queryKeys.adminVoucherLists, queryKeys.allVouchersByCode],
});

/** Makes a voucher whole from the form, live at once; a code taken answers VOUCHER_CODE_TAKEN. */
export const useCreateVoucher = mutations.useCreateFrom;
/** A code another voucher has (in any case) answers VOUCHER_CODE_TAKEN. */
export const useUpdateVoucher = mutations.useUpdate;
/** Deletes a voucher; the server answers with a sentence to show. */
export const useDeleteVoucher = mutations.useDelete;
