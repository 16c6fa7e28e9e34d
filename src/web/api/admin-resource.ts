import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import { apiRequest } from './client';

/** One of the back office's editable collections (products, vouchers), as the cache knows it. */
interface AdminResource {
  /** Where the collection is: POST here makes a draft, and `${path}/:id` is one item. */
  path: string;
  /** The cache key of one item. */
  keyOf: (id: string) => QueryKey;
  /** What a change to any item makes stale: the admin's lists, and whatever shows the items. */
  stale: readonly QueryKey[];
}

/** The address of one item of a collection. */
export const itemPath = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** One page of an admin list, the last page kept on screen while the next one loads. */
export function adminPageQuery<Page>(queryKey: QueryKey, path: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiRequest<Page>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The hooks `adminMutations` makes for a collection. */
interface AdminMutations<Item, Body> {
  /** Makes an empty draft. */
  useCreate: () => UseMutationResult<Item, Error, void>;
  /**
   * Makes an item whole from its form's body, for a collection whose POST takes one (vouchers):
   * nothing is stored for a form the admin never saves.
   */
  useCreateFrom: () => UseMutationResult<Item, Error, Body>;
  /** Saves an item's fields. */
  useUpdate: () => UseMutationResult<Item, Error, { id: string; body: Body }>;
  /** Deletes an item; the server answers with a sentence to show. */
  useDelete: () => UseMutationResult<{ message: string }, Error, string>;
}

/**
 * The create, update and delete hooks of a collection. A created or saved item goes into the cache
 * as the server answered it, a deleted one leaves it, and either way `stale` is refreshed.
 */
export function adminMutations<Item extends { _id: string }, Body>({
  path,
  keyOf,
  stale,
}: AdminResource): AdminMutations<Item, Body> {
  function useCacheUpdates() {
    const queryClient = useQueryClient();
    const refresh = () =>
      Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return {
      saved: async (item: Item) => {
        queryClient.setQueryData(keyOf(item._id), item);
        await refresh();
      },
      removed: async (id: string) => {
        queryClient.removeQueries({ queryKey: keyOf(id) });
        await refresh();
      },
    };
  }

  function useCreate() {
    const { saved } = useCacheUpdates();
    return useMutation({
      mutationFn: () => apiRequest<Item>(path, { method: 'POST' }),
      onSuccess: saved,
    });
  }

  function useCreateFrom() {
    const { saved } = useCacheUpdates();
    return useMutation({
      mutationFn: (body: Body) => apiRequest<Item>(path, { method: 'POST', body }),
      onSuccess: saved,
    });
  }

  function useUpdate() {
    const { saved } = useCacheUpdates();
    return useMutation({
      mutationFn: ({ id, body }: { id: string; body: Body }) =>
        apiRequest<Item>(itemPath(path, id), { method: 'PUT', body }),
      onSuccess: saved,
    });
  }

  function useDelete() {
    const { removed } = useCacheUpdates();
    return useMutation({
      mutationFn: (id: string) => apiRequest<Message>(itemPath(path, id), { method: 'DELETE' }),
      onSuccess: (_answer, id) => removed(id),
    });
  }

  return { useCreate, useCreateFrom, useUpdate, useDelete };
}
