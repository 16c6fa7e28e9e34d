import { ADMIN_PAGE_SIZE, type Message } from '../../shared/api';
import {
  REPORT_RECEIVED,
  type ModerationBody,
  type QueuedReview,
  type ReplyBody,
  type ReportBody,
  type ReviewQueue,
  type ReviewQueueQuery,
} from '../../shared/catalog/review-moderation';
import { recordChange, type Actor } from '../audit/audit-log';
import type { ShopDatabase } from '../db/database';
import type { Mailer } from '../mail/mail-sender';
import type { ShopSettings } from '../settings/shop-settings';
import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { nowIso } from '../sql/timestamps';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import { findProduct, type ProductRecord } from './catalog.repository';
import type { ReviewRecord } from './product-reviews.repository';
import { reviewerName } from './reviewer-name';
import { reviewReportedMail } from './review-report.mail';
import {
  addReport,
  countReportedReviews,
  findReviewOf,
  listReviewQueue,
  moderateReview,
  recountRating,
  reviewsByUser,
  setReply,
} from './reviews.repository';

/** What a report needs beyond the database: the mail to the shop, and where it is sent. */
export interface ReviewReportsContext {
  database: ShopDatabase;
  mailer: Mailer;
  publicUrl: string;
  /** The shop's email (`shop.email`), as the settings say now. */
  settings: ShopSettings;
}

const reviewNotFound = () => new ShopError('REVIEW_NOT_FOUND', 'Review not found');

/** The product and one of its reviews; either missing (or a draft, for shoppers) is 404. */
async function reviewOf(
  db: Db,
  productId: string,
  reviewId: string,
  { shownOnly }: { shownOnly: boolean },
): Promise<{ product: ProductRecord; review: ReviewRecord }> {
  const product = await findProduct(db, productId);
  if (!product || (shownOnly && product.status !== 'live'))
    throw new ShopError('PRODUCT_NOT_FOUND', 'Product not found');
  const review = await findReviewOf(db, product.id, reviewId);
  if (!review || (shownOnly && review.hiddenAt !== null)) throw reviewNotFound();
  return { product, review };
}

/** How the audit log names a review: whose, of what. */
const targetOf = (product: ProductRecord, review: ReviewRecord) => ({
  type: 'review' as const,
  id: review.id,
  label: `${reviewerName(review.name)} on ${product.name}`,
});

/**
 * A shopper, signed in or not, asks the owner to look at a review shown on a product page: the
 * shop is mailed, through the outbox in the report's own transaction, so each report kept is
 * mailed once. A signed-in customer's second report of it counts once, and mails nothing.
 */
export async function reportReview(
  { database, mailer, publicUrl, settings }: ReviewReportsContext,
  productId: string,
  reviewId: string,
  caller: { id: string } | null,
  { reason }: ReportBody,
): Promise<Message> {
  const { product, review } = await reviewOf(database.db, productId, reviewId, {
    shownOnly: true,
  });
  await database.db.transaction().execute(async (trx) => {
    const kept = await addReport(trx, {
      id: newId(),
      reviewId: review.id,
      userId: caller?.id ?? null,
      reason,
      at: nowIso(),
    });
    if (!kept) return;
    const report = {
      productName: product.name,
      reviewer: review.name,
      rating: review.rating,
      comment: review.comment,
      reason,
    };
    await mailer.queue(
      reviewReportedMail(report, { publicUrl, shop: settings.current().shop }),
      trx,
    );
  });
  return { message: REPORT_RECEIVED };
}

/** How many reviews have reports the owner has not dealt with, for the desk. */
export const reportedReviewCount = (db: Db): Promise<number> => countReportedReviews(db);

/**
 * The owner hides a review (with a reason shoppers never see) or shows it again; showing one that
 * is shown keeps it. Either way its reports so far are dealt with, the product's rating and count
 * are those of its shown reviews, and the audit log says so, all in one transaction.
 */
export async function moderate(
  database: ShopDatabase,
  admin: Actor,
  productId: string,
  reviewId: string,
  { hidden, reason }: ModerationBody,
): Promise<Message> {
  await database.db.transaction().execute(async (trx) => {
    const { product, review } = await reviewOf(trx, productId, reviewId, { shownOnly: false });
    const wasHidden = review.hiddenAt !== null;
    const at = nowIso();
    await moderateReview(trx, review.id, {
      hiddenAt: hidden ? (review.hiddenAt ?? at) : null,
      reason: hidden ? (reason ?? null) : null,
      at,
    });
    await recountRating(trx, product.id);
    await recordChange(trx, admin, {
      action: hidden ? 'review.hidden' : wasHidden ? 'review.shown' : 'review.kept',
      target: targetOf(product, review),
      before: { hidden: wasHidden, ...(wasHidden ? { reason: review.hiddenReason } : {}) },
      after: { hidden, ...(hidden ? { reason } : {}) },
    });
  });
  return {
    message: hidden ? 'Review hidden' : 'Review shown',
  };
}

/** The shop's public reply under a review; a later reply replaces the earlier one. */
export async function replyToReview(
  database: ShopDatabase,
  admin: Actor,
  productId: string,
  reviewId: string,
  { text }: ReplyBody,
): Promise<Message> {
  await database.db.transaction().execute(async (trx) => {
    const { product, review } = await reviewOf(trx, productId, reviewId, { shownOnly: false });
    await setReply(trx, review.id, { text, at: nowIso() });
    await recordChange(trx, admin, {
      action: 'review.replied',
      target: targetOf(product, review),
      before: review.reply ? { reply: review.reply.text } : null,
      after: { reply: text },
    });
  });
  return { message: 'Reply saved' };
}

/** A page of the owner's queue: newest first, reviews with reports not dealt with on top. */
export async function reviewQueue(
  database: ShopDatabase,
  { reported, pageNumber }: ReviewQueueQuery,
): Promise<ReviewQueue> {
  const { reviews, reportCounts, total } = await listReviewQueue(database.db, {
    reportedOnly: reported,
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  return {
    reviews: reviews.map((review): QueuedReview => ({
      _id: review.id,
      product: { _id: review.productId, name: review.productName },
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.createdAt,
      verified: review.verified,
      hidden: review.hiddenAt !== null,
      hiddenReason: review.hiddenReason,
      waiting: review.waiting,
      reports: reportCounts.get(review.id) ?? 0,
      reportReasons: review.reports,
      ...(review.reply ? { reply: review.reply } : {}),
    })),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}

/** A review a customer wrote, as the shop holds it: for the copy of their data they may ask for. */
export interface CustomerReview {
  _id: string;
  product: string;
  rating: number;
  comment: string;
  createdAt: string;
  verified: boolean;
  hidden: boolean;
  reply?: { text: string; createdAt: string };
}

/** Every review a customer wrote, shown or hidden, newest first. */
export async function reviewsOfCustomer(db: Db, userId: string): Promise<CustomerReview[]> {
  const reviews = await reviewsByUser(db, userId);
  return reviews.map((review) => ({
    _id: review.id,
    product: review.productId,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt,
    verified: review.verified,
    hidden: review.hiddenAt !== null,
    ...(review.reply ? { reply: review.reply } : {}),
  }));
}
