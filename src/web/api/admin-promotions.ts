import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion, PromotionBody, PromotionPage } from '../../shared/promotions/promotions';
import { adminMutations, adminPageQuery, itemPath } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The owner's automatic promotions: the server answers every call here with 403 to anyone else.

/** One page of the shop's promotions, the latest to end first. */
const adminPromotionsQuery = (page: number) =>
  adminPageQuery<PromotionPage>(queryKeys.adminPromotions(page), `/promotions?pageNumber=${page}`);

/** One promotion as the owner edits it. */
function adminPromotionQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminPromotion(id),
    queryFn: ({ signal }) => apiRequest<Promotion>(itemPath('/promotions', id), { signal }),
  });
}

export const useAdminPromotions = (page: number) => useQuery(adminPromotionsQuery(page));
export const useAdminPromotion = (id: string) => useQuery(adminPromotionQuery(id));

const mutations = adminMutations<Promotion, PromotionBody>({
  path: '/promotions',
  keyOf: queryKeys.adminPromotion,
  // Shoppers meet promotions only when an order is priced, which is asked afresh each time.
  stale: [queryKeys.adminPromotionLists],
});

/** Makes a promotion from its form; a product or service that is not there answers 400. */
export const useCreatePromotion = mutations.useCreateFrom;
/** Saves a promotion; an end before its start answers 400 under `ends`. */
export const useUpdatePromotion = mutations.useUpdate;
/** Deletes a promotion; orders keep what it took off. The server answers with a sentence. */
export const useDeletePromotion = mutations.useDelete;
