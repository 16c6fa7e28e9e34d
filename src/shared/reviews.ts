import * as z from 'zod';
import { reviewSchema } from './catalog';

/** The review form's choices, best first, as the shop words them. */
export const RATING_CHOICES = [
  { value: 5, label: 'Top Notch' },
  { value: 4, label: 'Really Good' },
  { value: 3, label: 'Well' },
  { value: 2, label: 'So so' },
  { value: 1, label: 'Poor' },
] as const;

export const REVIEW_COMMENT_MAX_LENGTH = 2000;

export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5' })
    .int('Please choose a rating from 1 to 5')
    .min(1, 'Please choose a rating from 1 to 5')
    .max(5, 'Please choose a rating from 1 to 5'),
  comment: z
    .string({ error: 'Please write a comment' })
    .trim()
    .min(1, 'Please write a comment')
    .max(
      REVIEW_COMMENT_MAX_LENGTH,
      `Comments can be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
    ),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const REVIEW_ADDED = 'Review added';
export const ALREADY_REVIEWED = 'You have already reviewed this product';
/** Said in place of 'Write a review' to a customer who has reviewed the product. */
export const YOU_REVIEWED = 'You reviewed this product';

/**
 * `GET /api/products/:id/my-review`: the signed-in customer's own review of a product, or null.
 * Asked apart from the product, whose answer is the same for everyone, so the page can say
 * 'You reviewed this' without naming any customer.
 */
export const myReviewSchema = z.object({ review: reviewSchema.nullable() });
export type MyReview = z.infer<typeof myReviewSchema>;
