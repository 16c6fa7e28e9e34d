import { Link, useParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import type { Newsletter, NewsletterStatus } from '../../../shared/newsletters/newsletters';
import { useAdminNewsletters } from '../../api/admin-newsletters';
import { AdminListPage, AdminPagination } from '../../back-office/admin-list-page';
import { AdminTable, cell } from '../../back-office/admin-table';
import { ButtonLink, textLinkClass } from '../../ui/Button';
import { pageFromParam } from '../../ui/Pagination';
import { countWords, STATUS_WORDS } from './newsletter-words';

const HEADINGS = ['Subject', 'Status', 'Sent', 'Subscribers'] as const;

export const NO_NEWSLETTERS =
  'There are no newsletters yet. Write one, preview it and send yourself a test; it goes only ' +
  'to subscribers who agreed to letters, and each one can unsubscribe in one click.';

const STATUS_LOOK: Record<NewsletterStatus, string> = {
  draft: 'bg-sand text-ink',
  sending: 'bg-accent-soft text-ink',
  sent: 'bg-success/10 text-success',
};

function NewsletterRow({ newsletter }: { newsletter: Newsletter }) {
  return (
    <tr>
      <td className={`${cell} wrap-anywhere`}>
        <Link to={`/admin/newsletter/${newsletter._id}`} className={textLinkClass}>
          {newsletter.subject}
        </Link>
      </td>
      <td className={cell}>
        <span
          className={`inline-block rounded-shop px-2 py-0.5 text-xs font-medium ${STATUS_LOOK[newsletter.status]}`}
        >
          {STATUS_WORDS[newsletter.status]}
        </span>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {newsletter.sentAt ? (
          <time dateTime={newsletter.sentAt}>{formatLongDate(newsletter.sentAt)}</time>
        ) : (
          '—'
        )}
      </td>
      <td className={`${cell} text-sm`}>{countWords(newsletter)}</td>
    </tr>
  );
}

/** `/admin/newsletters`: the owner's newsletters, newest first, with how each one's sending stands. */
export function NewsletterListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useAdminNewsletters(page);
  return (
    <AdminListPage
      heading="Newsletters"
      page={page}
      lead="Letters to everyone who agreed to hear from the shop."
      action={<ButtonLink to="/admin/newsletter/new">Write a newsletter</ButtonLink>}
      query={query}
      itemsOf={(data) => data.newsletters}
      loading="Loading newsletters…"
      empty={page === 1 ? NO_NEWSLETTERS : 'There are no newsletters on this page.'}
      footer={
        <AdminPagination of={query.data} label="Newsletter pages" path="/admin/newsletters" />
      }
    >
      {(newsletters) => (
        <AdminTable label="Newsletters" minWidth="min-w-[40rem]" headings={HEADINGS}>
          {newsletters.map((newsletter) => (
            <NewsletterRow key={newsletter._id} newsletter={newsletter} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
