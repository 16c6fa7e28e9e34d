import type { Selectable } from 'kysely';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { ReviewsTable } from './catalog.tables';
import { isoOrNull } from './catalog.repository';

// A product's reviews as shoppers read and write them; their moderation is in reviews.repository.ts.

export interface ReviewRecord {
  id: string;
  productId: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  /** Its author had a paid order of the product when they wrote it. */
  verified: boolean;
  /** When the owner hid it (null: shown), and why. */
  hiddenAt: string | null;
  hiddenReason: string | null;
  moderatedAt: string | null;
  /**
   * Written while new reviews were held, and not yet looked at by the owner: hidden since it was
   * written, and never moderated (showing or hiding it ends the wait).
   */
  waiting: boolean;
  /** The shop's public reply under it, if any. */
  reply: { text: string; createdAt: string } | null;
}

export function toReview(row: Selectable<ReviewsTable>): ReviewRecord {
  return {
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIsoString(row.created_at),
    verified: row.verified === 1,
    hiddenAt: isoOrNull(row.hidden_at),
    hiddenReason: row.hidden_reason,
    moderatedAt: isoOrNull(row.moderated_at),
    waiting: row.hidden_at !== null && row.moderated_at === null,
    reply:
      row.reply_text === null || row.reply_at === null
        ? null
        : { text: row.reply_text, createdAt: toIsoString(row.reply_at) },
  };
}

/** A product's reviews as shoppers see them: hidden ones left out, newest first. */
export async function findReviews(db: Db, productId: string): Promise<ReviewRecord[]> {
  const rows = await db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toReview);
}

/** The review a customer wrote of a product, if they wrote one (there is at most one). */
export async function findReviewBy(
  db: Db,
  productId: string,
  userId: string,
): Promise<ReviewRecord | undefined> {
  const row = await db
    .selectFrom('reviews')
    .selectAll()
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && toReview(row);
}

interface NewReview {
  id: string;
  productId: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  createdAt?: string;
  verified?: boolean;
  /** Held for the owner to show: hidden from the moment it is written, and out of the rating. */
  held?: boolean;
}

/**
 * Adds a review and moves the product's rating with it (a held one waits out of it); call inside
 * a transaction.
 */
export async function insertReview(db: Db, review: NewReview): Promise<void> {
  const createdAt = review.createdAt ?? nowIso();
  await db
    .insertInto('reviews')
    .values({
      id: review.id,
      product_id: review.productId,
      user_id: review.userId,
      name: review.name,
      rating: review.rating,
      comment: review.comment,
      created_at: createdAt,
      verified: review.verified === true ? 1 : 0,
      hidden_at: review.held === true ? createdAt : null,
    })
    .execute();
  if (review.held === true) return;
  await db
    .updateTable('products')
    .set((eb) => ({
      rating_total: eb('rating_total', '+', review.rating),
      num_reviews: eb('num_reviews', '+', 1),
    }))
    .where('id', '=', review.productId)
    .execute();
}
