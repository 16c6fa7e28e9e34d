import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { productDetailSchema, productPageSchema, productSchema } from '../../shared/catalog';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

export function productsQuery(keyword: string, page: number) {
  const params = new URLSearchParams({ pageNumber: String(page) });
  if (keyword) params.set('keyword', keyword);
  return queryOptions({
    queryKey: queryKeys.products(keyword, page),
    queryFn: ({ signal }) =>
      apiRequest(`/products?${params.toString()}`, productPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) =>
      apiRequest(`/products/${encodeURIComponent(id)}`, productDetailSchema, { signal }),
  });
}

export function similarProductsQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.similarProducts(id),
    queryFn: ({ signal }) =>
      apiRequest(`/products/${encodeURIComponent(id)}/similar`, z.array(productSchema), { signal }),
  });
}

export const useProducts = (keyword: string, page: number) =>
  useQuery(productsQuery(keyword, page));
export const useProduct = (id: string) => useQuery(productQuery(id));
export const useSimilarProducts = (id: string) => useQuery(similarProductsQuery(id));
