import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '../../../shared/api';
import { formatLongDate } from '../../../shared/dates';
import { downloadSubscribersCsv, subscribersQuery, useSubscribers } from '../../api/subscribers';
import { DateOrCross } from '../../ui/DateOrCross';
import { pageFromParam } from '../../ui/Pagination';
import { AdminListPage, AdminPagination } from '../../back-office/admin-list-page';
import { AdminTable, cell } from '../../back-office/admin-table';
import { PageActionButton } from '../../back-office/page-actions';
import { saveFile } from '../../back-office/save-file';

export const CSV_FILE_NAME = 'subscribers.csv';

const HEADINGS = ['Email', 'Where', 'Subscribed', 'Consent given'] as const;

/** Where a subscriber signed up, in the owner's words. */
const SOURCE_WORDS = { footer: 'Footer form', account: 'Account page' } as const;

interface SubscriberPage {
  subscribers: readonly {
    _id: string;
    email: string;
    createdAt: string;
    /** When they followed the mailed link; null while they have not (they are mailed nothing). */
    confirmedAt: string | null;
    /** Where they signed up, and so which words their consent agreed to. */
    source: keyof typeof SOURCE_WORDS;
  }[];
  page: number;
  pages: number;
  total?: number | undefined;
}

/**
 * How many subscribers there are in all. The list may say; if not, every page but the last is
 * full, so the last page's length gives it (fetched once, and kept for when the admin goes there).
 */
function useTotal(data: SubscriberPage | undefined): number | undefined {
  const needsLastPage =
    data !== undefined && data.total === undefined && data.pages > 1 && data.page !== data.pages;
  const lastPage = useQuery({
    ...subscribersQuery(data?.pages ?? 1),
    enabled: needsLastPage,
    // Another page's rows shown meanwhile would give a wrong count.
    placeholderData: undefined,
  });
  if (!data) return undefined;
  if (data.total !== undefined) return data.total;
  if (data.pages <= 1) return data.subscribers.length;
  const last = data.page === data.pages ? data : lastPage.data;
  return last && (data.pages - 1) * ADMIN_PAGE_SIZE + last.subscribers.length;
}

function SubscriberRow({ subscriber }: { subscriber: SubscriberPage['subscribers'][number] }) {
  return (
    <tr>
      <td className={`${cell} break-all`}>{subscriber.email}</td>
      <td className={`${cell} whitespace-nowrap`}>{SOURCE_WORDS[subscriber.source]}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={subscriber.createdAt}>{formatLongDate(subscriber.createdAt)}</time>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <DateOrCross date={subscriber.confirmedAt} not="Not confirmed" />
      </td>
    </tr>
  );
}

function DownloadCsvButton() {
  const download = useMutation({
    mutationFn: downloadSubscribersCsv,
    onSuccess: (blob) => saveFile(blob, CSV_FILE_NAME),
  });
  return (
    <PageActionButton
      variant="secondary"
      busy={download.isPending}
      error={download.error}
      onClick={() => download.mutate()}
    >
      Download CSV
    </PageActionButton>
  );
}

const countOf = (total: number) => (total === 1 ? '1 subscriber' : `${total} subscribers`);

/**
 * The newsletter's subscribers, newest first, confirmed or not, and the confirmed ones as a CSV file
 * (the only ones a newsletter may go to).
 */
export function SubscriberListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useSubscribers(page);
  const total = useTotal(query.data);
  return (
    <AdminListPage
      heading="Subscribers"
      page={page}
      lead={total === undefined ? undefined : `${countOf(total)} in all.`}
      action={<DownloadCsvButton />}
      query={query}
      itemsOf={(data) => data.subscribers}
      loading="Loading subscribers…"
      empty={page === 1 ? 'Nobody has subscribed yet.' : 'There are no subscribers on this page.'}
      footer={
        <AdminPagination of={query.data} label="Subscriber pages" path="/admin/subscriberlist" />
      }
    >
      {(subscribers) => (
        <AdminTable label="Subscribers" minWidth="min-w-[32rem]" headings={HEADINGS}>
          {subscribers.map((subscriber) => (
            <SubscriberRow key={subscriber._id} subscriber={subscriber} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
