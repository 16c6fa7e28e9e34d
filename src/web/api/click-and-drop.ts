import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackingImportAnswer } from '../../shared/orders/click-and-drop';
import { apiDownload, apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * The orders for Click & Drop's order import, as a CSV file: those ticked, in that order, or with
 * none ticked every paid order waiting to be posted.
 */
export function downloadClickAndDrop(ids: readonly string[]): Promise<Blob> {
  const query = ids.length > 0 ? `orders=${ids.map(encodeURIComponent).join(',')}` : 'status=paid';
  return apiDownload(`/exports/click-and-drop.csv?${query}`);
}

const sendDespatched = (file: Blob, dryRun: boolean) =>
  apiRequest<TrackingImportAnswer>(`/imports/tracking?dryRun=${String(dryRun)}`, {
    method: 'POST',
    // Sent as CSV whatever the computer calls the file (Excel's own type, or none).
    file: { content: file, type: 'text/csv' },
  });

/** Says what Click & Drop's despatched orders would dispatch, and what it refuses; changes nothing. */
export const useCheckTracking = () =>
  useMutation({ mutationFn: (file: Blob) => sendDespatched(file, true) });

/** Dispatches each order of the file with its tracking number; the customers are mailed. */
export function useApplyTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => sendDespatched(file, false),
    onSettled: () =>
      Promise.all(
        [queryKeys.allOrders, queryKeys.allAudit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
