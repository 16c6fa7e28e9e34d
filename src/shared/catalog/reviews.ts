/** The review form's choices, best first, as the shop words them. */
export const RATING_CHOICES = [
  { value: 5, label: 'Top Notch' },
  { value: 4, label: 'Really Good' },
  { value: 3, label: 'Well' },
  { value: 2, label: 'So so' },
  { value: 1, label: 'Poor' },
] as const;

export const REVIEW_COMMENT_MAX_LENGTH = 2000;

export const REVIEW_ADDED = 'Review added';
/** Said when new reviews are held: the review is kept, and shown once the shop has looked at it. */
export const REVIEW_HELD = 'Thank you: your review will show once the shop has looked at it';
/** Said to its author beside a review the shop has not shown yet. */
export const REVIEW_WAITING = 'Waiting for the shop to show it';
export const ALREADY_REVIEWED = 'You have already reviewed this product';
/** Said in place of 'Write a review' to a customer who has reviewed the product. */
export const YOU_REVIEWED = 'You reviewed this product';
