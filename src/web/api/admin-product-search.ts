import { useQuery } from '@tanstack/react-query';
import type { AdminProductPage, StockFilter } from '../../shared/catalog/catalog-admin';
import { adminPageQuery } from './admin-resource';
import { queryKeys } from './query-keys';

/** What the back office's product list is narrowed to: words, a category, a state of stock. */
export interface ProductSearch {
  /** Words in a name, brand or SKU; blank for every product. */
  q: string;
  /** One category, or blank for all. */
  category: string;
  /** In stock, running low or sold out; blank for all. */
  stock: StockFilter | '';
  page: number;
}

/** `?q=…&category=…&stock=…&pageNumber=…`, leaving out what is blank. */
function searchOf({ q, category, stock, page }: ProductSearch): string {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  if (category !== '') params.set('category', category);
  if (stock !== '') params.set('stock', stock);
  params.set('pageNumber', String(page));
  return params.toString();
}

/**
 * One page of the products found, drafts included, newest first: staff and the owner. Kept under
 * the admin's product lists, so that saving or deleting a product asks for it again.
 */
export const useProductSearch = (search: ProductSearch) =>
  useQuery(
    adminPageQuery<AdminProductPage>(
      [...queryKeys.adminProductLists, search],
      `/admin/products?${searchOf(search)}`,
    ),
  );
