import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voucher } from '../../shared/vouchers/vouchers';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * A voucher by its code: the server answers it while it exists and has not expired, and 404 with
 * the reason ('not valid', 'expired') otherwise.
 */
export function voucherByCodeQuery(code: string) {
  return queryOptions({
    queryKey: queryKeys.voucherByCode(code),
    queryFn: async ({ signal }) => {
      // The answer is a list whose first element is the voucher (the spec's shape).
      const [voucher] = await apiRequest<[Voucher, ...Voucher[]]>(
        `/vouchers/code/${encodeURIComponent(code)}`,
        { signal },
      );
      return voucher;
    },
  });
}

/** The voucher for `code`, asked only once a code has been applied. */
export function useVoucherByCode(code: string | null) {
  return useQuery({ ...voucherByCodeQuery(code ?? ''), enabled: code !== null });
}
