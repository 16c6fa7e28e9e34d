import { Link } from 'react-router';
import { textLinkClass } from '../../ui/Button';
import { DeskSection, Empty } from '../../back-office/desk-section';

/** The owner's queue of reviews, with those reported alone. */
const REPORTED_REVIEWS_PATH = '/admin/reviews?reported=true';

/** How many reviews shoppers reported that the owner has not looked at, and the way to them. */
export function ReportedReviews({ count }: { count: number }) {
  return (
    <DeskSection id="desk-reviews" title="Reported reviews" count={count}>
      {count === 0 ? (
        <Empty>No review waits to be looked at.</Empty>
      ) : (
        <p>
          <Link to={REPORTED_REVIEWS_PATH} className={textLinkClass}>
            {count === 1 ? 'Look at the reported review' : `Look at the ${count} reported reviews`}
          </Link>
        </p>
      )}
    </DeskSection>
  );
}
