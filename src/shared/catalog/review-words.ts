// The words a product page shows of reviews, apart from their schemas (review-moderation.ts), so
// that the page does not load a schema library to show them.

/** How long a shopper's reason for reporting a review may be. */
export const REPORT_REASON_MAX_LENGTH = 500;

/** Beside a review by someone who bought what they reviewed. */
export const VERIFIED_PURCHASE = 'Verified purchase';
