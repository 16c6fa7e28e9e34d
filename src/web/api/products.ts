import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductDetail, ProductPage } from '../../shared/catalog/catalog';
import { listingParams, NO_LISTING, type Listing } from '../../shared/catalog/listing-query';
import type { Shelf } from '../../shared/catalog/shelves';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * A page of the shop's products: all of them, a search's matches, or one shelf's, narrowed and
 * sorted as `listing` says.
 */
export function productsQuery(
  keyword: string,
  page: number,
  shelf?: Shelf,
  listing: Listing = NO_LISTING,
) {
  const params = new URLSearchParams({ pageNumber: String(page) });
  if (keyword) params.set('keyword', keyword);
  if (shelf) params.set('category', shelf);
  const narrowed = listingParams(listing, { joined: true });
  for (const [name, value] of narrowed) params.set(name, value);
  return queryOptions({
    queryKey: queryKeys.products(keyword, page, shelf, narrowed.toString()),
    queryFn: ({ signal }) => apiRequest<ProductPage>(`/products?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function productQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal }) =>
      apiRequest<ProductDetail>(`/products/${encodeURIComponent(id)}`, { signal }),
  });
}

export function similarProductsQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.similarProducts(id),
    queryFn: ({ signal }) =>
      apiRequest<Product[]>(`/products/${encodeURIComponent(id)}/similar`, { signal }),
  });
}

export const useProducts = (keyword: string, page: number, shelf?: Shelf, listing?: Listing) =>
  useQuery(productsQuery(keyword, page, shelf, listing));
export const useProduct = (id: string) => useQuery(productQuery(id));
export const useSimilarProducts = (id: string) => useQuery(similarProductsQuery(id));
