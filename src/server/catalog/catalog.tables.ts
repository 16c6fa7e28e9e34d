import type { Generated } from 'kysely';
import type { Timestamp } from '../db/timestamps';

export type ProductStatus = 'draft' | 'live';

export interface ProductsTable {
  id: string;
  name: string;
  brand: string;
  image: string;
  price_pence: number;
  description: string;
  category: string;
  count_in_stock: number;
  rating_total: Generated<number>;
  num_reviews: Generated<number>;
  status: ProductStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string | null;
  name: string;
  rating: number;
  comment: string;
  created_at: Timestamp;
}
