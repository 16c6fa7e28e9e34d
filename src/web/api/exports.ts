import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportAnswer, OrdersExportQuery } from '../../shared/exports/exports';
import { apiDownload, apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The orders paid on the UK days given (either may be left out), as a CSV file: the owner's. */
export function downloadOrdersCsv({ from, to }: OrdersExportQuery): Promise<Blob> {
  const params = new URLSearchParams();
  if (from !== undefined) params.set('from', from);
  if (to !== undefined) params.set('to', to);
  const query = params.toString();
  return apiDownload(`/exports/orders.csv${query === '' ? '' : `?${query}`}`);
}

/** Every product and variant with its price and stock, as a CSV file: the owner's. */
export const downloadProductsCsv = () => apiDownload('/exports/products.csv');

const sendPriceList = (file: Blob, dryRun: boolean) =>
  apiRequest<ImportAnswer>(`/imports/products?dryRun=${String(dryRun)}`, {
    method: 'POST',
    // Sent as CSV whatever the computer calls the file (Excel's own type, or none).
    file: { content: file, type: 'text/csv' },
  });

/** Says what a price list would change, and which rows it cannot apply; changes nothing. */
export const useCheckPriceList = () =>
  useMutation({ mutationFn: (file: Blob) => sendPriceList(file, true) });

/** Applies a price list: every change or, with any row refused, none (IMPORT_REFUSED). */
export function useApplyPriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => sendPriceList(file, false),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.allProducts,
          queryKeys.allProductDetails,
          queryKeys.allAdminProducts,
          queryKeys.desk,
          queryKeys.allAudit,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
