import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { WishlistItem } from '../../shared/wishlist/wishlist';
import { useSession } from '../state/session-store';
import { showToast } from '../state/toast-store';
import { useGuestWishlist } from '../state/wishlist-store';
import { ApiError, apiRequest } from './client';
import { queryKeys } from './query-keys';

const entryPath = (product: string, variant: string | null) =>
  `/users/profile/wishlist/${encodeURIComponent(product)}${
    variant === null ? '' : `?variant=${encodeURIComponent(variant)}`
  }`;

function wishlistQuery() {
  return queryOptions({
    queryKey: queryKeys.wishlist,
    queryFn: ({ signal }) => apiRequest<WishlistItem[]>('/users/profile/wishlist', { signal }),
  });
}

/** The signed-in customer's wishlist, as the shop prices it now; asked only when signed in. */
export function useWishlist() {
  const signedIn = useSession((state) => state.userInfo !== null);
  return useQuery({ ...wishlistQuery(), enabled: signedIn });
}

interface WishlistChange {
  product: string;
  variant: string | null;
  keep: boolean;
}

/** Adds to or takes off the signed-in customer's list; the shop answers the list as it is now. */
function useChangeWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, variant, keep }: WishlistChange) =>
      apiRequest<WishlistItem[]>(entryPath(product, variant), { method: keep ? 'PUT' : 'DELETE' }),
    onSuccess: (list) => queryClient.setQueryData(queryKeys.wishlist, list),
  });
}

/**
 * Whether a product (or one variant of it; null for the product itself) is on the shopper's
 * wishlist, and a toggle: the shop's list for a signed-in customer, this browser's for a guest.
 */
export function useWishlistEntry(product: string, variant: string | null) {
  const signedIn = useSession((state) => state.userInfo !== null);
  const kept = useWishlist();
  const change = useChangeWishlist();
  const guest = useGuestWishlist();
  const onList = signedIn
    ? (kept.data?.some((item) => item.product === product && item.variant === variant) ?? false)
    : guest.entries.some((entry) => entry.product === product && entry.variant === variant);

  function toggle() {
    if (!signedIn) {
      if (onList) guest.remove(product, variant);
      else guest.add(product, variant);
      showToast(onList ? 'Removed from your wishlist' : 'Added to your wishlist');
      return;
    }
    change.mutate(
      { product, variant, keep: !onList },
      {
        onSuccess: () =>
          showToast(onList ? 'Removed from your wishlist' : 'Added to your wishlist'),
        onError: (error) => showToast(error.message),
      },
    );
  }

  return { onList, toggle, busy: change.isPending || (signedIn && kept.isPending) };
}

/** Takes an item off the signed-in customer's list (the wishlist page's Remove). */
export const useRemoveFromWishlist = () => {
  const change = useChangeWishlist();
  return {
    ...change,
    remove: (product: string, variant: string | null) =>
      change.mutate({ product, variant, keep: false }),
  };
};

/**
 * A guest's list joins the account's as they sign in or register: each entry is sent, the oldest
 * first so the account's list keeps their order, and the browser's copy is then forgotten. An
 * entry the shop no longer sells (404) is simply left behind; one that could not be sent for
 * another reason (a dropped connection) stays in the browser to go with the next sign-in.
 */
export async function joinGuestWishlist(queryClient: QueryClient): Promise<void> {
  const { entries, remove } = useGuestWishlist.getState();
  if (entries.length === 0) return;
  let joined: WishlistItem[] | undefined;
  for (const entry of [...entries].reverse()) {
    try {
      joined = await apiRequest<WishlistItem[]>(entryPath(entry.product, entry.variant), {
        method: 'PUT',
      });
      remove(entry.product, entry.variant);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        remove(entry.product, entry.variant);
      }
    }
  }
  // The last answer is the whole list with every entry in it: a list asked for meanwhile (the
  // wishlist page, opened by the sign-in) may be missing some, and gives way to it.
  await queryClient.cancelQueries({ queryKey: queryKeys.wishlist });
  if (joined) queryClient.setQueryData(queryKeys.wishlist, joined);
  else await queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
}
