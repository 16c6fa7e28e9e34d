import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import type { EmailProofState } from '../../shared/accounts/your-data';
import { useSession } from '../state/session-store';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

const PROOF_STATE_PATH = '/users/profile/email-proof';

/** Whether the signed-in account's address is proved; asked only while someone is signed in. */
export function useEmailProofState() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({
    queryKey: queryKeys.emailProof,
    queryFn: ({ signal }) => apiRequest<EmailProofState>(PROOF_STATE_PATH, { signal }),
    enabled: signedIn,
  });
}

/** Mails the signed-in account's address a new link that proves it (a few an hour). */
export function useSendEmailProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Message>(PROOF_STATE_PATH, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.emailProof }),
  });
}

/**
 * The mailed link proves the address, with no sign-in. It is posted once per visit: the answer is
 * kept, so the page drawing again never posts it twice.
 */
export function useProveEmail(token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.proveEmail(token),
    queryFn: async () => {
      const answer = await apiRequest<Message>('/users/email-proof', {
        method: 'POST',
        body: { token },
      });
      // A signed-in account's notice stops asking for what is now done.
      await queryClient.invalidateQueries({ queryKey: queryKeys.emailProof });
      return answer;
    },
    staleTime: Infinity,
    retry: false,
    enabled: token !== '',
  });
}
