import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/audit/audit';
import { formatLongDate } from '../../../shared/dates';
import { useAuditSearch } from '../../api/audit-search';
import { textLinkClass } from '../../ui/Button';
import { Pagination } from '../../ui/Pagination';
import { AdminListPage } from '../../back-office/admin-list-page';
import { AdminTable, cell } from '../../back-office/admin-table';
import { AUDIT_ACTION_WORDS, AuditChanges } from './audit-changes';
import { AuditFilters, auditAddress, isNarrowed, useAuditFilters } from './audit-filters';

const HEADINGS = ['When', 'Who', 'What', 'Of', 'Changes'] as const;

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

/** Where the changed thing is in the back office, when it has a page there. */
const TARGET_PAGES: Partial<Record<AuditEntry['target']['type'], (id: string) => string>> = {
  order: (id) => `/admin/order/${encodeURIComponent(id)}`,
  product: (id) => `/admin/product/${encodeURIComponent(id)}/edit`,
  user: (id) => `/admin/user/${encodeURIComponent(id)}/edit`,
};

const targetKey = ({ target }: AuditEntry) => `${target.type}:${target.id}`;

/** The things the entries shown say were deleted: their other entries name them unlinked. */
const deletedIn = (entries: readonly AuditEntry[]) =>
  new Set(entries.filter((entry) => entry.action.endsWith('.deleted')).map(targetKey));

function EntryRow({ entry, gone }: { entry: AuditEntry; gone: boolean }) {
  const pageOf = TARGET_PAGES[entry.target.type];
  return (
    <tr>
      <td className={`${cell} align-top whitespace-nowrap`}>
        <time dateTime={entry.at}>
          {formatLongDate(entry.at)}, {time.format(new Date(entry.at))}
        </time>
      </td>
      <td className={`${cell} align-top`}>
        <span className="block wrap-anywhere">{entry.actor.name}</span>
        <span className="block text-sm wrap-anywhere text-muted">{entry.actor.email}</span>
      </td>
      <td className={`${cell} align-top`}>{AUDIT_ACTION_WORDS[entry.action]}</td>
      <td className={`${cell} align-top wrap-anywhere`}>
        {pageOf && !gone ? (
          <Link to={pageOf(entry.target.id)} className={textLinkClass}>
            {entry.target.label}
          </Link>
        ) : (
          entry.target.label
        )}
      </td>
      <td className={`${cell} max-w-sm align-top`}>
        <AuditChanges entry={entry} />
      </td>
    </tr>
  );
}

function EntriesTable({ entries }: { entries: readonly AuditEntry[] }) {
  const deleted = deletedIn(entries);
  return (
    <AdminTable label="Audit log" minWidth="min-w-[56rem]" headings={HEADINGS}>
      {entries.map((entry) => (
        <EntryRow key={entry._id} entry={entry} gone={deleted.has(targetKey(entry))} />
      ))}
    </AdminTable>
  );
}

/**
 * Every change made in the back office, who made it and when, newest first: the owner's. Narrowed
 * by words, kind of change, person and days.
 */
export function AuditLogPage() {
  const search = useAuditFilters();
  const query = useAuditSearch(search);
  return (
    <AdminListPage
      heading="Audit log"
      page={search.page}
      query={query}
      itemsOf={(data) => data.entries}
      loading="Loading the audit log…"
      empty={
        isNarrowed(search) ? 'No change matches these filters.' : 'Nothing has been changed yet.'
      }
      search={<AuditFilters search={search} entries={query.data?.entries ?? []} />}
      footer={
        query.data && (
          <Pagination
            page={query.data.page}
            pages={query.data.pages}
            label="Audit log pages"
            hrefFor={(page) => auditAddress({ ...search, page })}
          />
        )
      }
    >
      {(entries) => <EntriesTable entries={entries} />}
    </AdminListPage>
  );
}
