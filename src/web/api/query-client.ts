import { QueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session-store';
import { ApiError } from './client';
import { queryKeys } from './query-keys';

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  forgetUserDataWhenTheUserChanges(queryClient);
  return queryClient;
}

/**
 * A profile, orders or the user list must never outlive the session that fetched them: they are
 * removed as soon as the shopper signs out (by choice or because the token expired) or someone
 * else signs in. Listening here keeps the session store free of any dependency on the API layer.
 */
function forgetUserDataWhenTheUserChanges(queryClient: QueryClient): void {
  useSession.subscribe((state, previous) => {
    if (state.userInfo?._id !== previous.userInfo?._id) {
      queryClient.removeQueries({ queryKey: queryKeys.session });
    }
  });
}
