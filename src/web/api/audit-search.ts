import { useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '../../shared/audit/audit';
import { adminPageQuery } from './admin-resource';

/** What the audit log is narrowed to; a blank filter is left out. */
export interface AuditSearch {
  /** Words in what was changed, or in who changed it. */
  q: string;
  action: AuditAction | '';
  /** The account id of who made the change. */
  actor: string;
  /** UK days, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  page: number;
}

function searchOf({ page, ...filters }: AuditSearch): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== '') params.set(name, value);
  params.set('pageNumber', String(page));
  return params.toString();
}

/** Every change staff and the owner made, newest first, as narrowed: the owner only. */
export const useAuditSearch = (search: AuditSearch) =>
  useQuery(adminPageQuery<AuditPage>(['session', 'audit', search], `/audit?${searchOf(search)}`));
