import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import type {
  AdminGiftCardDetail,
  GiftCardPage,
  giftCardVoidAnswerSchema,
} from '../../shared/gift-cards/gift-cards';
import { adminPageQuery, itemPath } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The owner's gift cards: the server answers every call here with 403 to anyone else. No answer
// ever holds a whole code, which the shop does not keep.

const PATH = '/gift-cards';

/** `?q=…&pageNumber=…`, without an empty search. */
function listPath(q: string, page: number) {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  params.set('pageNumber', String(page));
  return `${PATH}?${params.toString()}`;
}

/** One page of the cards sold, newest first, found by last 4, a name or an email. */
export const useAdminGiftCards = (q: string, page: number) =>
  useQuery(adminPageQuery<GiftCardPage>(queryKeys.adminGiftCards(q, page), listPath(q, page)));

/** One card with its history, oldest first. */
export const useAdminGiftCard = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.adminGiftCard(id),
      queryFn: ({ signal }) => apiRequest<AdminGiftCardDetail>(itemPath(PATH, id), { signal }),
    }),
  );

/** What voiding a card answers: the card as it is now, and its unspent balance owed back. */
type VoidAnswer = z.infer<typeof giftCardVoidAnswerSchema>;

/**
 * Keeps a card the server answered, and refreshes what it changed: the lists (its balance and
 * state) and the audit log, which records both moves.
 */
function useCardChanged() {
  const queryClient = useQueryClient();
  return async (card: AdminGiftCardDetail) => {
    queryClient.setQueryData(queryKeys.adminGiftCard(card._id), card);
    await Promise.all(
      [queryKeys.adminGiftCardLists, queryKeys.allAudit].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/**
 * Sends a card's mail to its recipient again, at once; answers the card. When the shop no longer
 * keeps the first mail, the card gets a new code (a new last 4) and the old one stops working.
 */
export function useResendGiftCard() {
  const changed = useCardChanged();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AdminGiftCardDetail>(`${itemPath(PATH, id)}/resend`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** Voids a card: its code stops working and its unspent balance is owed back to the buyer. */
export function useVoidGiftCard() {
  const changed = useCardChanged();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<VoidAnswer>(`${itemPath(PATH, id)}/void`, { method: 'POST' }),
    onSuccess: ({ giftCard }) => changed(giftCard),
  });
}
