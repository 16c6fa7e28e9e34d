import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '../../../shared/admin';
import { formatLongDate } from '../../../shared/dates';
import { SHOP_NAME } from '../../../shared/shop';
import { downloadSubscribersCsv, subscribersQuery, useSubscribers } from '../../api/subscribers';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { pageFromParam, Pagination } from '../../ui/Pagination';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { cell, headCell, TableLoading } from './admin-table';
import { saveFile } from './save-file';

export const CSV_FILE_NAME = 'subscribers.csv';

interface SubscriberPage {
  subscribers: readonly { _id: string; email: string; createdAt: string }[];
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

function SubscribersTable({ subscribers }: { subscribers: SubscriberPage['subscribers'] }) {
  return (
    <ScrollRegion label="Subscribers">
      <table className="w-full min-w-[32rem] border-collapse">
        <thead className="border-b border-line">
          <tr>
            <th scope="col" className={headCell}>
              Email
            </th>
            <th scope="col" className={headCell}>
              Subscribed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {subscribers.map((subscriber) => (
            <tr key={subscriber._id}>
              <td className={`${cell} break-all`}>{subscriber.email}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={subscriber.createdAt}>{formatLongDate(subscriber.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function DownloadCsvButton() {
  const download = useMutation({
    mutationFn: downloadSubscribersCsv,
    onSuccess: (blob) => saveFile(blob, CSV_FILE_NAME),
  });
  return (
    <div className="flex flex-col items-end gap-3">
      <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        Download CSV
      </Button>
      {download.isError && <ErrorBox error={download.error} />}
    </div>
  );
}

const countOf = (total: number) => (total === 1 ? '1 subscriber' : `${total} subscribers`);

/** The newsletter's subscribers, newest first, and all of them as a CSV file. */
export function SubscriberListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const { data, isPending, error } = useSubscribers(page);
  const total = useTotal(data);
  return (
    <>
      <title>
        {page === 1 ? `Subscribers | ${SHOP_NAME}` : `Subscribers, page ${page} | ${SHOP_NAME}`}
      </title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading lead={total === undefined ? undefined : `${countOf(total)} in all.`}>
          Subscribers
        </PageHeading>
        <DownloadCsvButton />
      </div>
      {isPending ? (
        <TableLoading label="Loading subscribers…" />
      ) : error ? (
        <ErrorBox error={error} />
      ) : data.subscribers.length === 0 ? (
        <p className="text-muted">
          {page === 1 ? 'Nobody has subscribed yet.' : 'There are no subscribers on this page.'}
        </p>
      ) : (
        <SubscribersTable subscribers={data.subscribers} />
      )}
      {data && (
        <Pagination
          page={data.page}
          pages={data.pages}
          label="Subscriber pages"
          hrefFor={(number) => `/admin/subscriberlist/${number}`}
        />
      )}
    </>
  );
}
