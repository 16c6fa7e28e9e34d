import { useQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../shared/audit/audit';
import type { CustomerPage } from '../../shared/customers/customers';
import { adminPageQuery } from './admin-resource';
import { queryKeys } from './query-keys';

/** `?q=…&pageNumber=…`, without an empty search. */
const searchOf = (q: string, page: number) => {
  const params = new URLSearchParams();
  if (q !== '') params.set('q', q);
  params.set('pageNumber', String(page));
  return params.toString();
};

/** The customers found by name or email, a page at a time: staff and the owner. */
export const useCustomers = (q: string, page: number) =>
  useQuery(
    adminPageQuery<CustomerPage>(queryKeys.customers(q, page), `/customers?${searchOf(q, page)}`),
  );

/** Every change staff and the owner made, newest first: the owner only. */
export const useAuditLog = (q: string, page: number) =>
  useQuery(adminPageQuery<AuditPage>(queryKeys.audit(q, page), `/audit?${searchOf(q, page)}`));
