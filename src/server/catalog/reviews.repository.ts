import type { ExpressionBuilder } from 'kysely';
import { alongRead, countRows, readPage } from '../sql/page-read';
import type { Database, Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';
import { toReview, type ReviewRecord } from './product-reviews.repository';

// Reviews beyond writing and showing them: whether the author bought what they reviewed, the
// owner's moderation (hiding, replies, the queue of reports) and a customer's own reviews.

/**
 * Whether the customer had a paid order of the product at `at`: one that was not cancelled, and
 * not refunded in full before it was sent. A product bought, sent and later returned still counts
 * (it was bought and handled); one refunded before it left the shop never reached the customer.
 */
export async function boughtBefore(
  db: Db,
  userId: string,
  productId: string,
  at: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.user_id', '=', userId)
    .where('order_items.product_id', '=', productId)
    .where('orders.paid_at', 'is not', null)
    .where('orders.paid_at', '<=', at)
    .where((eb) =>
      eb.or([
        eb('orders.status', 'not in', ['cancelled', 'refunded']),
        eb('orders.dispatched_at', 'is not', null),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A review of a product, shown or hidden; a review of another product is as good as missing. */
export async function findReviewOf(
  db: Db,
  productId: string,
  reviewId: string,
): Promise<ReviewRecord | undefined> {
  const row = await db
    .selectFrom('reviews')
    .selectAll()
    .where('id', '=', reviewId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row && toReview(row);
}

/**
 * Hides a review since `hiddenAt` with a reason (or, with null, shows it), and marks the reports
 * made so far as dealt with. Call `recountRating` after it, in the same transaction.
 */
export async function moderateReview(
  db: Db,
  reviewId: string,
  { hiddenAt, reason, at }: { hiddenAt: string | null; reason: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ hidden_at: hiddenAt, hidden_reason: reason, moderated_at: at, reported: 0 })
    .where('id', '=', reviewId)
    .execute();
}

/** Makes a product's rating and count those of its shown reviews, counted afresh. */
export async function recountRating(db: Db, productId: string): Promise<void> {
  const shown = (eb: ExpressionBuilder<Database, 'products'>) =>
    eb
      .selectFrom('reviews')
      .whereRef('reviews.product_id', '=', 'products.id')
      .where('reviews.hidden_at', 'is', null);
  await db
    .updateTable('products')
    .set((eb) => ({
      rating_total: eb.fn.coalesce(
        shown(eb).select((inner) => inner.fn.sum<number>('reviews.rating').as('total')),
        eb.lit(0),
      ),
      num_reviews: shown(eb).select((inner) => inner.fn.countAll<number>().as('count')),
    }))
    .where('id', '=', productId)
    .execute();
}

/** The shop's reply under a review; a later one replaces it. */
export async function setReply(
  db: Db,
  reviewId: string,
  { text, at }: { text: string; at: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ reply_text: text, reply_at: at })
    .where('id', '=', reviewId)
    .execute();
}

/**
 * Keeps a report and puts the review in the owner's queue; answers whether it was kept. A
 * signed-in customer's second report of one review changes nothing; a guest's each count. Call
 * inside a transaction.
 */
export async function addReport(
  db: Db,
  report: { id: string; reviewId: string; userId: string | null; reason: string; at: string },
): Promise<boolean> {
  const added = await db
    .insertInto('review_reports')
    .values({
      id: report.id,
      review_id: report.reviewId,
      user_id: report.userId,
      reason: report.reason,
      created_at: report.at,
    })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (added.numInsertedOrUpdatedRows === 0n) return false;
  await db
    .updateTable('reviews')
    .set({ reported: 1 })
    .where('id', '=', report.reviewId)
    .where('reported', '=', 0)
    .execute();
  return true;
}

/** How many reviews have reports the owner has not dealt with: one range of reviews_queue_idx. */
export async function countReportedReviews(db: Db): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('reported', '=', 1)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** A review as the owner's queue lists it. */
export interface QueuedReview extends ReviewRecord {
  productName: string;
  /** Reports not yet dealt with, newest first. */
  reports: { reason: string; createdAt: string }[];
}

/** At most this many reasons are listed with a review; the count is of all of them. */
const REASONS_LISTED = 10;

/**
 * A page of every review, newest first, those with reports not yet dealt with on top (or those
 * alone): read along reviews_queue_idx, a page past the middle from its far end, so that the
 * first and the last page cost the same however many reviews there are.
 */
export async function listReviewQueue(
  db: Db,
  { reportedOnly, offset, limit }: { reportedOnly: boolean; offset: number; limit: number },
): Promise<{ reviews: QueuedReview[]; reportCounts: Map<string, number>; total: number }> {
  const listed = reportedOnly
    ? db.selectFrom('reviews').where('reviews.reported', '=', 1)
    : db.selectFrom('reviews');
  const { rows, total } = await readPage(
    { offset, limit },
    () => countRows(listed),
    (at) =>
      listed
        .innerJoin('products', 'products.id', 'reviews.product_id')
        .selectAll('reviews')
        .select('products.name as product_name')
        .$call((reviews) =>
          alongRead(reviews, at, [
            ['reviews.reported', 'desc'],
            ['reviews.created_at', 'desc'],
            ['reviews.id', 'desc'],
          ]),
        )
        .execute(),
  );
  const ids = rows.map((row) => row.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .selectFrom('review_reports')
          .innerJoin('reviews', 'reviews.id', 'review_reports.review_id')
          .select([
            'review_reports.review_id',
            'review_reports.reason',
            'review_reports.created_at',
          ])
          .where('review_reports.review_id', 'in', ids)
          .where((eb) =>
            eb.or([
              eb('reviews.moderated_at', 'is', null),
              eb('review_reports.created_at', '>', eb.ref('reviews.moderated_at')),
            ]),
          )
          .orderBy('review_reports.created_at', 'desc')
          .orderBy('review_reports.id', 'desc')
          .execute();
  const reportCounts = new Map<string, number>();
  const reasons = new Map<string, QueuedReview['reports']>();
  for (const report of reports) {
    reportCounts.set(report.review_id, (reportCounts.get(report.review_id) ?? 0) + 1);
    const listedReasons = reasons.get(report.review_id) ?? [];
    if (listedReasons.length < REASONS_LISTED) {
      listedReasons.push({ reason: report.reason, createdAt: toIsoString(report.created_at) });
    }
    reasons.set(report.review_id, listedReasons);
  }
  return {
    reviews: rows.map((row) => ({
      ...toReview(row),
      productName: row.product_name,
      reports: reasons.get(row.id) ?? [],
    })),
    reportCounts,
    total,
  };
}

/** Every review a customer wrote, shown or hidden, newest first (what the shop holds of theirs). */
export async function reviewsByUser(db: Db, userId: string): Promise<ReviewRecord[]> {
  const rows = await db
    .selectFrom('reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toReview);
}

/** Names an account's reviews as `name` and leaves them no one's. */
export async function renameReviewsOf(db: Db, userId: string, name: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ name, user_id: null })
    .where('user_id', '=', userId)
    .execute();
}
