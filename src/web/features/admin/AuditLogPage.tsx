import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/audit';
import { formatLongDate } from '../../../shared/dates';
import { useAuditLog } from '../../api/back-office-lists';
import { textLinkClass } from '../../ui/Button';
import { AdminListPage } from './admin-list-page';
import { AdminTable, cell } from './admin-table';
import { ListPages, ListSearch, useListSearch } from './list-search';

const PATH = '/admin/audit';
const HEADINGS = ['When', 'Who', 'What', 'Of', 'Changes'] as const;

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

/** `order.refund_retried` → `Order refund retried`. */
function actionWords(action: AuditEntry['action']): string {
  const words = action.replace('.', ' ').replaceAll('_', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Where the changed thing is in the back office, when it has a page there. */
const TARGET_PAGES: Partial<Record<AuditEntry['target']['type'], (id: string) => string>> = {
  order: (id) => `/admin/order/${encodeURIComponent(id)}`,
  product: (id) => `/admin/product/${encodeURIComponent(id)}/edit`,
  user: (id) => `/admin/user/${encodeURIComponent(id)}/edit`,
};

const shown = (value: unknown) =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** Each field the change touched, as it was and as it became. */
function Changes({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <span className="text-muted">None recorded</span>;
  return (
    <dl className="text-sm">
      {fields.map((field) => (
        <div key={field} className="wrap-anywhere">
          <dt className="inline font-medium">{field}: </dt>
          <dd className="inline">
            {shown(before[field])} → {shown(after[field])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const pageOf = TARGET_PAGES[entry.target.type];
  return (
    <tr>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={entry.at}>
          {formatLongDate(entry.at)}, {time.format(new Date(entry.at))}
        </time>
      </td>
      <td className={cell}>
        <span className="block wrap-anywhere">{entry.actor.name}</span>
        <span className="block text-sm wrap-anywhere text-muted">{entry.actor.email}</span>
      </td>
      <td className={cell}>{actionWords(entry.action)}</td>
      <td className={`${cell} wrap-anywhere`}>
        {pageOf && entry.action !== `${entry.target.type}.deleted` ? (
          <Link to={pageOf(entry.target.id)} className={textLinkClass}>
            {entry.target.label}
          </Link>
        ) : (
          entry.target.label
        )}
      </td>
      <td className={`${cell} max-w-sm`}>
        <Changes entry={entry} />
      </td>
    </tr>
  );
}

/** Every change made in the back office, who made it and when, newest first: the owner's. */
export function AuditLogPage() {
  const { q, page } = useListSearch();
  const query = useAuditLog(q, page);
  return (
    <AdminListPage
      heading="Audit log"
      page={page}
      query={query}
      itemsOf={(data) => data.entries}
      loading="Loading the audit log…"
      empty={q === '' ? 'Nothing has been changed yet.' : `No change matches “${q}”.`}
      footer={<ListPages of={query.data} path={PATH} q={q} label="Audit log pages" />}
      search={
        <ListSearch
          path={PATH}
          q={q}
          label="Find a change"
          hint="What was changed (a product’s name, an order’s id, an email, a voucher’s code) or who changed it."
        />
      }
    >
      {(entries) => (
        <AdminTable label="Audit log" minWidth="min-w-[56rem]" headings={HEADINGS}>
          {entries.map((entry) => (
            <EntryRow key={entry._id} entry={entry} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
