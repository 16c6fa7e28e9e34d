import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  adminProductPageSchema,
  adminProductSchema,
  type ProductUpdateBody,
} from '../../shared/admin';
import { messageSchema } from '../../shared/api';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

// The admin's catalogue: drafts included. The server answers every call here with 403 to anyone else.

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

export function adminProductsQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.adminProducts(page),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/products?pageNumber=${page}`, adminProductPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminProductQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminProduct(id),
    queryFn: ({ signal }) => apiRequest(`/admin${productPath(id)}`, adminProductSchema, { signal }),
  });
}

export const useAdminProducts = (page: number) => useQuery(adminProductsQuery(page));
export const useAdminProduct = (id: string) => useQuery(adminProductQuery(id));

/** What a change to a product makes stale: the admin's lists, and what shoppers see of it. */
function useRefreshProducts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.adminProductLists }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allProducts }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allProductDetails }),
    ]);
}

/** Makes an empty draft, which the admin then fills in. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: () => apiRequest('/products', adminProductSchema, { method: 'POST' }),
    onSuccess: async (product) => {
      queryClient.setQueryData(queryKeys.adminProduct(product._id), product);
      await refresh();
    },
  });
}

/** Saving a complete product publishes it. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductUpdateBody }) =>
      apiRequest(productPath(id), adminProductSchema, { method: 'PUT', body }),
    onSuccess: async (product) => {
      queryClient.setQueryData(queryKeys.adminProduct(product._id), product);
      await refresh();
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (id: string) => apiRequest(productPath(id), messageSchema, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.adminProduct(id) });
      await refresh();
    },
  });
}
