import type { Db } from '../db/schema';
import { toIsoString } from '../db/timestamps';

/** A review as its author's data download shows it: which product, and what they wrote. */
export interface WrittenReview {
  productId: string;
  productName: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

/** Every review an account wrote, oldest first. */
export async function reviewsWrittenBy(db: Db, userId: string): Promise<WrittenReview[]> {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select([
      'reviews.product_id',
      'products.name as product_name',
      'reviews.name',
      'reviews.rating',
      'reviews.comment',
      'reviews.created_at',
    ])
    .where('reviews.user_id', '=', userId)
    .orderBy('reviews.created_at')
    .execute();
  return rows.map((row) => ({
    productId: row.product_id,
    productName: row.product_name,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: toIsoString(row.created_at),
  }));
}

/** Names an account's reviews as `name` and leaves them no one's. */
export async function renameReviewsOf(db: Db, userId: string, name: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ name, user_id: null })
    .where('user_id', '=', userId)
    .execute();
}
