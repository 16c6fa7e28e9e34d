import type { Db } from '../db/schema';
import { renameReviewsOf } from './reviewer-data.repository';
import { FORMER_CUSTOMER } from '../../shared/accounts';

export { reviewsWrittenBy, type WrittenReview } from './reviewer-data.repository';

/**
 * A closed account's reviews stay, as what a customer once said of a product (the product's
 * rating keeps them), under "A former customer" and no longer anyone's.
 */
export const forgetReviewer = (db: Db, userId: string) =>
  renameReviewsOf(db, userId, FORMER_CUSTOMER);
