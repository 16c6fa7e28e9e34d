import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import {
  productDetailSchema,
  productPageSchema,
  productSchema,
  type Shelf,
} from '../../shared/catalog';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** A page of the shop's products: all of them, a search's matches, or one shelf's. */
export function productsQuery(keyword: string, page: number, shelf?: Shelf) {
  const params = new URLSearchParams({ pageNumber: String(page) });
  if (keyword) params.set('keyword', keyword);
  if (shelf) params.set('category', shelf);
  return queryOptions({
    queryKey: queryKeys.products(keyword, page, shelf),
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

export const useProducts = (keyword: string, page: number, shelf?: Shelf) =>
  useQuery(productsQuery(keyword, page, shelf));
export const useProduct = (id: string) => useQuery(productQuery(id));
export const useSimilarProducts = (id: string) => useQuery(similarProductsQuery(id));
