import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { userSchema, type AdminUserUpdateBody } from '../../shared/accounts';
import { messageSchema } from '../../shared/api';
import { useSession } from '../state/session-store';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The admin's user management: the server answers every call here with 403 to anyone else.

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

export function usersQuery() {
  return queryOptions({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => apiRequest('/users', z.array(userSchema), { signal }),
  });
}

export function userQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: ({ signal }) => apiRequest(userPath(id), userSchema, { signal }),
  });
}

export const useUsers = () => useQuery(usersQuery());
export const useUser = (id: string) => useQuery(userQuery(id));

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUserUpdateBody }) =>
      apiRequest(userPath(id), userSchema, { method: 'PUT', body }),
    onSuccess: async (user) => {
      queryClient.setQueryData(queryKeys.user(user._id), user);
      // An admin editing their own account through its address sees their new name at once.
      const { userInfo, signIn } = useSession.getState();
      if (userInfo?._id === user._id) signIn({ ...userInfo, ...user });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(userPath(id), messageSchema, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.user(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
  });
}
