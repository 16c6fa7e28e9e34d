import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../shared/settings/shop';
import { ErrorBox } from '../ui/ErrorBox';
import { PageHeading } from '../ui/PageHeading';
import { Pagination } from '../ui/Pagination';
import { TableLoading } from './admin-table';

interface AdminListPageProps<Data, Item> {
  /** The page's heading, and the start of its title ('Products'). */
  heading: string;
  /** Which page of a paged list this is: the title names any page after the first. */
  page?: number;
  /** Words under the heading. */
  lead?: string | undefined;
  /** A button beside the heading ('Create Product'). */
  action?: ReactNode;
  /** Between the heading and the list: its search. */
  search?: ReactNode;
  /** The list's query. */
  query: UseQueryResult<Data>;
  /** The items of the loaded list. */
  itemsOf: (data: Data) => readonly Item[];
  /** Said to screen readers while the list loads ('Loading products…'). */
  loading: string;
  /** Said when there are no items. */
  empty: string;
  /** Shows the items, as a table. */
  children: (items: readonly Item[]) => ReactNode;
  /** Under the list: its page links. */
  footer?: ReactNode;
}

const titleOf = (heading: string, page = 1) =>
  page === 1 ? `${heading} | ${SHOP_NAME}` : `${heading}, page ${page} | ${SHOP_NAME}`;

/** A back office list page: heading (and button), then the list, its loading, error or absence. */
export function AdminListPage<Data, Item>(props: AdminListPageProps<Data, Item>) {
  const { heading, page, lead, action, search, query, itemsOf, loading, empty, children, footer } =
    props;
  const items = query.isPending || query.error ? [] : itemsOf(query.data);
  return (
    <>
      <title>{titleOf(heading, page)}</title>
      {action ? (
        <div className="flex flex-wrap items-start justify-between gap-4">
          <PageHeading lead={lead}>{heading}</PageHeading>
          {action}
        </div>
      ) : (
        <PageHeading lead={lead}>{heading}</PageHeading>
      )}
      {search}
      {query.isPending ? (
        <TableLoading label={loading} />
      ) : query.error ? (
        <ErrorBox error={query.error} />
      ) : items.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        children(items)
      )}
      {footer}
    </>
  );
}

interface AdminPaginationProps {
  /** The loaded page of the list, if there is one yet. */
  of: { page: number; pages: number } | undefined;
  /** What the pages are of ('Product pages'). */
  label: string;
  /** The list's address, before the page number ('/admin/productlist'). */
  path: string;
}

/** A paged list's page links, once a page of it has loaded. */
export function AdminPagination({ of, label, path }: AdminPaginationProps) {
  if (!of) return null;
  return (
    <Pagination
      page={of.page}
      pages={of.pages}
      label={label}
      hrefFor={(number) => `${path}/${number}`}
    />
  );
}
