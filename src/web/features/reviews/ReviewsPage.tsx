import { Link, useParams, useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { VERIFIED_PURCHASE, type QueuedReview } from '../../../shared/catalog/review-moderation';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useReviewQueue } from '../../api/reviews';
import { useShopIdentity } from '../../api/shop';
import { textLinkClass } from '../../ui/Button';
import { Pagination, pageFromParam } from '../../ui/Pagination';
import { RatingStars } from '../../ui/RatingStars';
import { AdminListPage } from '../../back-office/admin-list-page';
import { ReviewActions } from './review-actions';

export const REVIEWS_PATH = '/admin/reviews';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium';

const reportsWords = (count: number) => (count === 1 ? '1 report' : `${count} reports`);

/** Its state in words as well as colour: verified, waiting to be shown or hidden, reported. */
function ReviewBadges({ review }: { review: QueuedReview }) {
  return (
    <>
      {review.verified && (
        <span className={`${badge} bg-success/10 text-success`}>{VERIFIED_PURCHASE}</span>
      )}
      {review.waiting ? (
        <span className={`${badge} bg-warning/10 text-warning`}>Waiting to be shown</span>
      ) : (
        review.hidden && <span className={`${badge} bg-ink text-page`}>Hidden</span>
      )}
      {review.reports > 0 && (
        <span className={`${badge} bg-error/10 text-error`}>{reportsWords(review.reports)}</span>
      )}
    </>
  );
}

function ReviewCard({ review }: { review: QueuedReview }) {
  const shopName = useShopIdentity().data?.name ?? SHOP_NAME;
  return (
    <li className="py-6 first:pt-0">
      <article aria-labelledby={`review-${review._id}`}>
        <h2 id={`review-${review._id}`} className="text-lg wrap-anywhere">
          <Link to={`/product/${encodeURIComponent(review.product._id)}`} className={textLinkClass}>
            {review.product.name}
          </Link>
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-medium wrap-anywhere">{review.name}</span>
          <RatingStars rating={review.rating} />
          <time dateTime={review.createdAt} className="text-muted">
            {formatLongDate(review.createdAt)}
          </time>
          <ReviewBadges review={review} />
        </div>
        <p className="mt-2 max-w-prose whitespace-pre-line wrap-anywhere">{review.comment}</p>
        {review.hidden && review.hiddenReason && (
          <p className="mt-2 text-sm wrap-anywhere">
            <span className="font-medium">Hidden because: </span>
            {review.hiddenReason}
          </p>
        )}
        {review.reportReasons.length > 0 && (
          <div className="mt-3 max-w-prose rounded-shop border border-error/30 bg-error/5 px-4 py-3 text-sm">
            <p className="font-medium">Why shoppers reported it</p>
            <ul className="mt-1 list-disc pl-5">
              {review.reportReasons.map((report) => (
                <li key={`${report.createdAt}-${report.reason}`} className="wrap-anywhere">
                  {report.reason}{' '}
                  <span className="text-muted">
                    (<time dateTime={report.createdAt}>{formatLongDate(report.createdAt)}</time>)
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {review.reply && (
          <div className="mt-3 max-w-prose border-l-2 border-accent bg-sand/60 py-2 pr-3 pl-4 text-sm">
            <p className="font-medium">Reply from {shopName}</p>
            <p className="mt-1 whitespace-pre-line wrap-anywhere">{review.reply.text}</p>
          </div>
        )}
        <ReviewActions review={review} />
      </article>
    </li>
  );
}

/** All reviews, or those reported alone: a link either way, so the choice is in the address. */
function ReportedFilter({ reportedOnly }: { reportedOnly: boolean }) {
  const choices = [
    { label: 'All reviews', to: REVIEWS_PATH, current: !reportedOnly },
    { label: 'Reported only', to: `${REVIEWS_PATH}?reported=true`, current: reportedOnly },
  ];
  return (
    <nav aria-label="Which reviews" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.to}>
            <Link
              to={choice.to}
              aria-current={choice.current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-shop border px-4 text-sm ${
                choice.current
                  ? 'border-ink bg-ink font-medium text-page'
                  : 'border-line text-ink hover:bg-sand'
              }`}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The owner's reviews: newest first, those with reports not dealt with on top, each with its
 * product, rating, words and state; hide with a reason or show again, keep a reported one, reply.
 */
export function ReviewsPage() {
  const page = pageFromParam(useParams().pageNumber);
  const [search] = useSearchParams();
  const reportedOnly = search.get('reported') === 'true';
  const query = useReviewQueue(reportedOnly, page);
  const suffix = reportedOnly ? '?reported=true' : '';
  return (
    <AdminListPage
      heading="Reviews"
      page={page}
      lead="Reported reviews come first. A hidden review leaves its product page and its rating."
      search={<ReportedFilter reportedOnly={reportedOnly} />}
      query={query}
      itemsOf={(data) => data.reviews}
      loading="Loading reviews…"
      empty={
        reportedOnly ? 'No review is waiting to be looked at.' : 'Nobody has written a review yet.'
      }
      footer={
        query.data && (
          <Pagination
            page={query.data.page}
            pages={query.data.pages}
            label="Review pages"
            hrefFor={(number) => `${REVIEWS_PATH}/${number}${suffix}`}
          />
        )
      }
    >
      {(reviews) => (
        <ul className="divide-y divide-line">
          {reviews.map((review) => (
            <ReviewCard key={review._id} review={review} />
          ))}
        </ul>
      )}
    </AdminListPage>
  );
}
