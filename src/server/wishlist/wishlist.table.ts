import type { Timestamp } from '../sql/timestamps';

/** A product, or one variant of it, a customer keeps to buy later. */
export interface WishlistEntriesTable {
  id: string;
  user_id: string;
  product_id: string;
  /** Null for the product itself: one sold one way, or kept before an option was chosen. */
  variant_id: string | null;
  added_at: Timestamp;
}
