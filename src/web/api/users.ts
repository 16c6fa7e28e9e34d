import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserUpdateBody } from '../../shared/accounts/accounts';
import type { AdminUserPage } from '../../shared/accounts/accounts';
import type { User } from '../../shared/accounts/users';
import type { Message } from '../../shared/api';
import { useSession } from '../state/session-store';
import { adminPageQuery } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The admin's user management: the server answers every call here with 403 to anyone else.

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

/** One page of every account, newest first. */
const usersQuery = (page: number) =>
  adminPageQuery<AdminUserPage>(queryKeys.users(page), `/users?pageNumber=${page}`);

function userQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: ({ signal }) => apiRequest<User>(userPath(id), { signal }),
  });
}

export const useUsers = (page: number) => useQuery(usersQuery(page));
export const useUser = (id: string) => useQuery(userQuery(id));

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUserUpdateBody }) =>
      apiRequest<User>(userPath(id), { method: 'PUT', body }),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.user(user._id), user);
      // An admin editing their own account through its address sees their new name at once.
      const { userInfo, signIn } = useSession.getState();
      if (userInfo?._id === user._id) signIn({ ...userInfo, ...user });
      await queryClient.invalidateQueries({ queryKey: queryKeys.userLists });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Message>(userPath(id), { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.user(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.userLists });
    },
  });
}
