import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../shared/api';
import type {
  NewsletterBody,
  NewsletterDetail,
  NewsletterPage,
} from '../../shared/newsletters/newsletters';
import { adminMutations, adminPageQuery, itemPath } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The owner's newsletters: the server answers every call here with 403 to anyone else.

/** How often a newsletter being sent is read again, so its counts move on screen. */
const SENDING_REFRESH_MS = 2000;

const adminNewslettersQuery = (page: number) =>
  adminPageQuery<NewsletterPage>(
    queryKeys.adminNewsletters(page),
    `/newsletters?pageNumber=${page}`,
  );

/** One newsletter, its preview and its counts; read again every few seconds while it sends. */
function adminNewsletterQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminNewsletter(id),
    queryFn: ({ signal }) => apiRequest<NewsletterDetail>(itemPath('/newsletters', id), { signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'sending' ? SENDING_REFRESH_MS : false,
  });
}

export const useAdminNewsletters = (page: number) =>
  useQuery({
    ...adminNewslettersQuery(page),
    refetchInterval: (query) =>
      query.state.data?.newsletters.some((newsletter) => newsletter.status === 'sending')
        ? SENDING_REFRESH_MS
        : false,
  });
export const useAdminNewsletter = (id: string) => useQuery(adminNewsletterQuery(id));

const mutations = adminMutations<NewsletterDetail, NewsletterBody>({
  path: '/newsletters',
  keyOf: queryKeys.adminNewsletter,
  stale: [queryKeys.adminNewsletterLists],
});

/** Writes a new draft; a card naming no product on sale answers 400 under `body`. */
export const useCreateNewsletter = mutations.useCreateFrom;
/** Saves a draft; one being sent or sent answers 409. */
export const useUpdateNewsletter = mutations.useUpdate;

/** Mails the newsletter, marked as a test, to the admin who asks. */
export const useSendTestNewsletter = () =>
  useMutation({
    mutationFn: (id: string) =>
      apiRequest<Message>(`${itemPath('/newsletters', id)}/test`, { method: 'POST' }),
  });

/** Sends a draft to every subscriber whose consent stands now. */
export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<NewsletterDetail>(`${itemPath('/newsletters', id)}/send`, { method: 'POST' }),
    onSuccess: async (sent) => {
      queryClient.setQueryData(queryKeys.adminNewsletter(sent._id), sent);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminNewsletterLists });
    },
  });
}
