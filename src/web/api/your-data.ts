import { useMutation, useQuery } from '@tanstack/react-query';
import type { CloseAccountBody } from '../../shared/accounts/accounts';
import { isSettled, keptUntil } from '../../shared/orders/order-status';
import type { MyOrdersPage } from '../../shared/orders/orders';
import type { ClosedAccount, KeptOrder, YourData } from '../../shared/accounts/your-data';
import { useSession } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { TOAST } from '../ui/messages';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The file a data download is saved as: the shop's name and the day it was made. */
export const dataFileName = (data: YourData) =>
  `larkspur-data-${data.exportedAt.slice(0, 10)}.json`;

/**
 * Asks for everything the shop holds about the signed-in person and hands it to the browser as
 * a JSON file to keep.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: () => apiRequest<YourData>('/users/profile/data'),
    onSuccess: (data) => {
      const file = new Blob([`${JSON.stringify(data, null, 2)}\n`], {
        type: 'application/json',
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = dataFileName(data);
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
}

/** What the shopper is told once their account is closed, with the open orders it keeps. */
function closedWords(kept: number) {
  if (kept === 0) return TOAST.accountClosed;
  const which =
    kept === 1 ? 'your open order until it is' : `your ${String(kept)} open orders until each is`;
  return `${TOAST.accountClosed}; we keep your details on ${which} settled`;
}

/**
 * Closes the signed-in account with its password; the session ends with it, and it is said here
 * rather than by the page, which signing out sends away.
 */
export function useCloseAccount() {
  const signOut = useSession((state) => state.signOut);
  return useMutation({
    mutationFn: (body: CloseAccountBody) =>
      apiRequest<ClosedAccount>('/users/profile', { method: 'DELETE', body }),
    onSuccess: ({ keptOrders = [] }) => {
      signOut('shopper');
      showToast(closedWords(keptOrders.length));
    },
  });
}

/**
 * The signed-in customer's orders that closing the account now would keep whole until each is
 * settled, read from every page of their orders when they open the closing form.
 */
export function useOrdersKeptIfClosed() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({
    queryKey: queryKeys.ordersKeptIfClosed,
    enabled: signedIn,
    queryFn: async ({ signal }): Promise<KeptOrder[]> => {
      const kept: KeptOrder[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await apiRequest<MyOrdersPage>(`/orders/myorders?pageNumber=${page}`, {
          signal,
        });
        for (const order of answer.orders) {
          if (isSettled(order)) continue;
          const { _id, orderNumber, status } = order;
          kept.push({ _id, orderNumber, status, keptUntil: keptUntil(order) });
        }
        if (page >= answer.pages) return kept;
      }
    },
  });
}
