import type { Review } from '../../../../shared/catalog/catalog';
import { formatLongDate } from '../../../../shared/dates';
import { VERIFIED_PURCHASE } from '../../../../shared/catalog/review-words';
import { SHOP_NAME } from '../../../../shared/settings/shop';
import { useShopIdentity } from '../../../api/shop';
import { RatingStars } from '../../../ui/RatingStars';
import { ReportReview } from './ReportReview';

/** Said of a review whose author had bought the product when they wrote it. */
function VerifiedBadge() {
  return (
    <p className="inline-flex items-center gap-1 rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-medium text-success">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none">
        <path
          d="M3.5 8.5 6.5 11.5 12.5 4.5"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {VERIFIED_PURCHASE}
    </p>
  );
}

/** The shop's reply, set in under the review it answers. */
function ShopReply({ reply }: { reply: NonNullable<Review['reply']> }) {
  const shopName = useShopIdentity().data?.name ?? SHOP_NAME;
  return (
    <div className="mt-3 max-w-prose border-l-2 border-accent bg-sand/60 py-2 pr-3 pl-4">
      <p className="text-sm font-medium">
        Reply from {shopName}
        <span className="font-normal text-muted">
          {' · '}
          <time dateTime={reply.createdAt}>{formatLongDate(reply.createdAt)}</time>
        </span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere">{reply.text}</p>
    </div>
  );
}

export function ReviewList({
  productId,
  reviews,
}: {
  productId: string;
  reviews: readonly Review[];
}) {
  if (reviews.length === 0) return <p className="text-muted">No Reviews</p>;
  return (
    <ul className="divide-y divide-line">
      {reviews.map((review) => (
        <li key={review._id} className="py-5 first:pt-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="min-w-0 font-medium wrap-anywhere">{review.name}</p>
            <RatingStars rating={review.rating} />
            <p className="text-sm text-muted">
              <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
            </p>
            {review.verified && <VerifiedBadge />}
          </div>
          {/* Rendered as text: a comment can never become markup. */}
          <p className="mt-2 max-w-prose whitespace-pre-line wrap-anywhere">{review.comment}</p>
          {review.reply && <ShopReply reply={review.reply} />}
          <ReportReview productId={productId} reviewId={review._id} />
        </li>
      ))}
    </ul>
  );
}
