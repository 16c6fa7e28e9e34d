import * as z from 'zod/mini';
import { pageNumberSchema } from '../api';
import { REPORT_REASON_MAX_LENGTH } from './review-words';

export { REPORT_REASON_MAX_LENGTH, VERIFIED_PURCHASE } from './review-words';

// Reviews as the owner looks after them: reports from shoppers, hiding with a reason, the shop's
// public reply, and the queue of reviews in the back office. Written with zod/mini; the product
// page's report form loads it only to check a report it sends.

export const HIDDEN_REASON_MAX_LENGTH = 500;
export const REPLY_MAX_LENGTH = 2000;

/** Said once a report is kept (or was already kept: a customer's second report counts once). */
export const REPORT_RECEIVED = 'Thank you: the shop will look at this review';

/** Words typed in a box: trimmed, 1 to `max` characters. */
function wordsSchema(what: string, max: number) {
  return z
    .string({ error: `Please give ${what}` })
    .check(
      z.trim(),
      z.minLength(1, `Please give ${what}`),
      z.maxLength(max, `The ${what.replace(/^(a|an|the) /, '')} can be at most ${max} characters`),
    );
}

/** `POST /api/products/:id/reviews/:reviewId/report`: why the review should not be shown. */
export const reportBodySchema = z.object({
  reason: wordsSchema('a reason', REPORT_REASON_MAX_LENGTH),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

export const HIDE_REASON_REQUIRED = 'Please give a reason for hiding the review';

/**
 * `PUT /api/products/:id/reviews/:reviewId`: hide a review, with a reason shoppers never see, or
 * show it again. Showing a shown review keeps it, and deals with its reports.
 */
export const moderationBodySchema = z
  .object({
    hidden: z.boolean({ error: 'Say whether the review is hidden: true or false' }),
    reason: z.optional(
      z
        .string({ error: 'The reason must be text' })
        .check(
          z.trim(),
          z.maxLength(
            HIDDEN_REASON_MAX_LENGTH,
            `The reason can be at most ${HIDDEN_REASON_MAX_LENGTH} characters`,
          ),
        ),
    ),
  })
  .check(
    z.refine((body) => !body.hidden || (body.reason ?? '') !== '', {
      error: HIDE_REASON_REQUIRED,
      path: ['reason'],
    }),
  );
export type ModerationBody = z.infer<typeof moderationBodySchema>;

/** `POST /api/products/:id/reviews/:reviewId/reply`: the shop's public reply; a later one replaces it. */
export const replyBodySchema = z.object({ text: wordsSchema('a reply', REPLY_MAX_LENGTH) });
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** The shop's reply as it shows under a review. */
export const reviewReplySchema = z.object({ text: z.string(), createdAt: z.string() });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** A review as the owner's queue lists it. */
export const queuedReviewSchema = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), name: z.string() }),
  /** The author's name as they gave it (shoppers see the first name and initial). */
  name: z.string(),
  rating: z.int(),
  comment: z.string(),
  createdAt: z.string(),
  verified: z.boolean(),
  hidden: z.boolean(),
  /** Why the owner hid it; null while it is shown, or while it waits. */
  hiddenReason: z.nullable(z.string()),
  /** Written while new reviews were held, and not yet shown (or hidden) by the owner. */
  waiting: z.boolean(),
  /** How many reports it has that the owner has not dealt with (hidden, shown or kept since). */
  reports: z.int(),
  /** The newest ten of those reports. */
  reportReasons: z.array(z.object({ reason: z.string(), createdAt: z.string() })),
  reply: z.optional(reviewReplySchema),
});
export type QueuedReview = z.infer<typeof queuedReviewSchema>;

export const reviewQueueSchema = z.object({
  reviews: z.array(queuedReviewSchema),
  page: z.int(),
  pages: z.int(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** `GET /api/reviews?reported=true&pageNumber=`: with `reported=true`, reported reviews alone. */
export const reviewQueueQuerySchema = z.object({
  reported: z.pipe(
    z.optional(z.enum(['true', 'false'], { error: 'reported is true or false' })),
    z.transform((reported) => reported === 'true'),
  ),
  pageNumber: pageNumberSchema,
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

/** `/:id/reviews/:reviewId` in a path. */
export const reviewParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  reviewId: z.string().check(z.minLength(1), z.maxLength(64)),
});
