import type { Review } from '../../../../shared/catalog';
import { formatLongDate } from '../../../../shared/dates';
import { RatingStars } from '../../../ui/RatingStars';

export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
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
          </div>
          {/* Rendered as text: a comment can never become markup. */}
          <p className="mt-2 max-w-prose whitespace-pre-line wrap-anywhere">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}
