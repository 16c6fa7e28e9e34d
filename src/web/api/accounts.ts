import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { LoginBody, ProfileUpdateBody, RegisterBody } from '../../shared/accounts/accounts';
import type { User, UserInfo } from '../../shared/accounts/users';
import type { Message } from '../../shared/api';
import { useSession } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { TOAST } from '../ui/messages';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';
import { joinGuestWishlist } from './wishlist';
import { joinKeptBasket } from './kept-basket';

/**
 * Stores the answer (the user and a token) as the session and says so, and adds what the shopper
 * kept on a wishlist and in the basket as a guest to the account's. Done here rather than in the
 * page's own callback: signing in sends the page away, and a page that has gone hears nothing.
 */
function startSession(userInfo: UserInfo, queryClient: QueryClient): void {
  useSession.getState().signIn(userInfo);
  showToast(TOAST.loginSuccessful);
  void joinGuestWishlist(queryClient);
  void joinKeptBasket();
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<UserInfo>('/users/login', { method: 'POST', body }),
    onSuccess: (userInfo) => startSession(userInfo, queryClient),
  });
}

/** Registering signs the new customer in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<UserInfo>('/users', { method: 'POST', body }),
    onSuccess: (userInfo) => startSession(userInfo, queryClient),
  });
}

function profileQuery() {
  return queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => apiRequest<User>('/users/profile', { signal }),
  });
}

/** Asks only while someone is signed in: without a token the answer could only be 401. */
export function useProfile() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({ ...profileQuery(), enabled: signedIn });
}

/** The answer carries a new token, which replaces the stored one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const signIn = useSession((state) => state.signIn);
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) =>
      apiRequest<UserInfo>('/users/profile', { method: 'PUT', body }),
    onSuccess: (userInfo) => {
      signIn(userInfo);
      queryClient.setQueryData<User>(queryKeys.profile, userInfo);
      // A new address is not proved until its own mailed link is followed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.emailProof });
    },
  });
}

/** Always answers the same sentence, whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<Message>('/users/forgot-password', { method: 'POST', body: { email } }),
  });
}

const resetPath = (token: string) => `/users/forgot-password/reset/${encodeURIComponent(token)}`;

/** Whether a reset link can still be used; a spent or expired one answers 400 with the reason. */
function passwordResetLinkQuery(token: string) {
  return queryOptions({
    queryKey: queryKeys.passwordResetLink(token),
    queryFn: ({ signal }) => apiRequest<Message>(resetPath(token), { signal }),
    // A link is single use: never answer from an earlier check.
    staleTime: 0,
    gcTime: 0,
  });
}

export const usePasswordResetLink = (token: string) => useQuery(passwordResetLinkQuery(token));

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<Message>(resetPath(token), {
        method: 'POST',
        body: { resetLink: token, password },
      }),
  });
}
