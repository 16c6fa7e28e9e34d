import { FORMER_CUSTOMER } from '../../shared/accounts/accounts';
import type { Db } from '../db/schema';
import { renameReviewsOf } from './reviews.repository';

export { reviewsOfCustomer, type CustomerReview } from './review-moderation.service';

/**
 * A closed account's reviews stay, as what a customer once said of a product (the product's
 * rating keeps them), under "A former customer" and no longer anyone's.
 */
export const forgetReviewer = (db: Db, userId: string) =>
  renameReviewsOf(db, userId, FORMER_CUSTOMER);
