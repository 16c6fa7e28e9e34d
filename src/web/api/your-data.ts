import { useMutation } from '@tanstack/react-query';
import type { CloseAccountBody } from '../../shared/accounts';
import type { Message } from '../../shared/api';
import type { YourData } from '../../shared/your-data';
import { useSession } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { TOAST } from '../ui/messages';
import { apiRequest } from './client';

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

/**
 * Closes the signed-in account with its password; the session ends with it, and it is said here
 * rather than by the page, which signing out sends away.
 */
export function useCloseAccount() {
  const signOut = useSession((state) => state.signOut);
  return useMutation({
    mutationFn: (body: CloseAccountBody) =>
      apiRequest<Message>('/users/profile', { method: 'DELETE', body }),
    onSuccess: () => {
      signOut('shopper');
      showToast(TOAST.accountClosed);
    },
  });
}
