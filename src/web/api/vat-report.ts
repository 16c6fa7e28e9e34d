import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VatReport } from '../../shared/reports/vat';
import { apiDownload, apiRequest } from './client';
import { queryKeys } from './query-keys';

const withQuarter = (path: string, quarter: string) =>
  quarter === '' ? path : `${path}?quarter=${encodeURIComponent(quarter)}`;

/**
 * A quarter's VAT return, named by the month it ends (`2026-06`; blank for the one running now):
 * the owner only. The quarter shown stays while the next one loads.
 */
export const useVatReport = (quarter: string) =>
  useQuery({
    queryKey: queryKeys.vatReport(quarter),
    queryFn: ({ signal }) =>
      apiRequest<VatReport>(withQuarter('/reports/vat', quarter), { signal }),
    placeholderData: keepPreviousData,
  });

/** A quarter's VAT record as a CSV file, fetched with the owner's token (a link could not send it). */
export const downloadVatRecord = (quarter: string) =>
  apiDownload(withQuarter('/reports/vat.csv', quarter));
