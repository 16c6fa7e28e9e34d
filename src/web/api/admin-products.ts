import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type {
  AdminProduct,
  AdminProductPage,
  PriceHistory,
  ProductUpdateBody,
} from '../../shared/catalog/catalog-admin';
import { adminMutations, adminPageQuery, itemPath } from './admin-resource';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The admin's catalogue: drafts included. The server answers every call here with 403 to anyone else.

/** One page of every product, drafts included, newest first. */
const adminProductsQuery = (page: number) =>
  adminPageQuery<AdminProductPage>(
    queryKeys.adminProducts(page),
    `/admin/products?pageNumber=${page}`,
  );

/** One product as the admin edits it, even a draft. */
function adminProductQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminProduct(id),
    queryFn: ({ signal }) =>
      apiRequest<AdminProduct>(`/admin${itemPath('/products', id)}`, { signal }),
  });
}

export const useAdminProducts = (page: number) => useQuery(adminProductsQuery(page));
export const useAdminProduct = (id: string) => useQuery(adminProductQuery(id));
/** Several products at once, each with its variants and stock, in the order of the ids given. */
export const useAdminProductsOf = (ids: readonly string[]) =>
  useQueries({ queries: ids.map((id) => ({ ...adminProductQuery(id), retry: false })) });

/**
 * Every price a product (`variant` '') or one of its variants sold at, oldest first: what its was
 * price is judged by. Admins only.
 */
export const usePriceHistory = (id: string, variant: string) =>
  useQuery({
    queryKey: queryKeys.priceHistory(id, variant),
    queryFn: ({ signal }) =>
      apiRequest<PriceHistory>(
        `${itemPath('/products', id)}/price-history${variant === '' ? '' : `?variant=${encodeURIComponent(variant)}`}`,
        { signal },
      ),
  });

const mutations = adminMutations<AdminProduct, ProductUpdateBody>({
  path: '/products',
  keyOf: queryKeys.adminProduct,
  // A change to a product makes stale the admin's lists, and what shoppers see of it.
  stale: [
    queryKeys.adminProductLists,
    queryKeys.allProducts,
    queryKeys.allProductDetails,
    queryKeys.priceHistories,
  ],
});

/** Makes an empty draft, which the admin then fills in. */
export const useCreateProduct = mutations.useCreate;
/** Saving a complete product publishes it. */
export const useUpdateProduct = mutations.useUpdate;
/** Deletes a product, draft or published; the server answers with a sentence to show. */
export const useDeleteProduct = mutations.useDelete;
