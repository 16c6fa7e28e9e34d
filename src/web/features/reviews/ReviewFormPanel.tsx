import { useState } from 'react';
import { useLocation } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { REVIEW_WAITING, YOU_REVIEWED } from '../../../shared/catalog/reviews';
import type { MyReview } from '../../../shared/catalog/catalog';
import { useMyReview } from '../../api/reviews';
import { signInPath } from '../../layout/redirects';
import { useSession } from '../../state/session-store';
import { ButtonLink } from '../../ui/Button';
import { RatingStars } from '../../ui/RatingStars';
import { Skeleton } from '../../ui/Skeleton';
import { ReviewForm } from './ReviewForm';

const SIGN_IN_TO_REVIEW = 'Sign in to write a review';

function OwnReview({ review }: { review: MyReview['review'] }) {
  return (
    <div className="flex flex-col gap-3">
      <p>{YOU_REVIEWED}.</p>
      {review && (
        <figure className="rounded-shop bg-sand px-4 py-3">
          <RatingStars rating={review.rating} />
          <blockquote className="mt-2 whitespace-pre-line wrap-anywhere">
            {review.comment}
          </blockquote>
          <figcaption className="mt-1 text-sm text-muted">
            <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
            {review.waiting && <span className="block font-medium text-ink">{REVIEW_WAITING}</span>}
          </figcaption>
        </figure>
      )}
    </div>
  );
}

/** The form, or the customer's own review when they wrote one (one review per product). */
function OwnReviewOrForm({ productId, onClose }: { productId: string; onClose: () => void }) {
  const mine = useMyReview(productId);
  // Decided once, from the first answer: a form being filled in stays until it is sent, even
  // when sending it makes the answer change. If the question fails, the form shows and the
  // server still refuses a second review in words.
  const [reviewed, setReviewed] = useState<boolean>();
  if (reviewed === undefined && !mine.isPending) setReviewed(Boolean(mine.data?.review));
  if (reviewed === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (reviewed) return <OwnReview review={mine.data?.review ?? null} />;
  return <ReviewForm key={productId} productId={productId} onDone={onClose} />;
}

/** Writing a review needs an account; signed-out shoppers are offered the way in. */
export function ReviewFormPanel({
  productId,
  onClose,
}: {
  productId: string;
  onClose: () => void;
}) {
  const signedIn = useSession((state) => state.userInfo !== null);
  const { pathname } = useLocation();
  if (!signedIn) {
    return (
      <div className="flex flex-col gap-4">
        <p>{SIGN_IN_TO_REVIEW}</p>
        <ButtonLink to={signInPath(pathname)} onClick={onClose}>
          Sign In
        </ButtonLink>
      </div>
    );
  }
  return <OwnReviewOrForm productId={productId} onClose={onClose} />;
}
