import type { Generated } from 'kysely';
import type { Timestamp } from '../sql/timestamps';

export type ProductStatus = 'draft' | 'live';

export interface ProductsTable {
  id: string;
  name: string;
  brand: string;
  image: string;
  price_pence: number;
  description: string;
  category: string;
  /**
   * `jewellery`, `knitwear` or null: the department the product is shelved in, decided from its
   * category and specifications whenever it is saved (see `departmentOf`).
   */
  department: string | null;
  count_in_stock: number;
  /** Grams, 0 until the owner says. */
  weight_grams: Generated<number>;
  /**
   * The was price, above `price_pence`; null when not on sale. For a product sold in options, its
   * cheapest variants' highest was price, as its price is their lowest.
   */
  compare_at_pence: Generated<number | null>;
  rating_total: Generated<number>;
  num_reviews: Generated<number>;
  status: ProductStatus;
  /** JSON: `[{ "name": "Size", "values": ["S", "M"] }]`. */
  options: Generated<string>;
  /** JSON: `[{ "label": "Metal", "value": "Sterling silver (925)" }]`. */
  specifications: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Facets: a value of the shop's lists (`src/shared/catalog/facets.ts`), or null. */
  metal: string | null;
  stone: string | null;
  colour: string | null;
  material: string | null;
  /** Made to order: working days to make it before dispatch (1-60); null when sold from stock. */
  made_to_order_days: number | null;
  /** On pre-order until this UK day (`YYYY-MM-DD`), with none in stock; null when not. */
  preorder_release: string | null;
  /** The units the pre-order sells in all before its release date. */
  preorder_limit: number | null;
  /** The units sold on the pre-order, never past its limit. */
  preorder_sold: Generated<number>;
  /**
   * JSON: what the buyer may have engraved or printed on it (`PersonalisationOffer`: label, lines,
   * characters, prices in pence, required); null when sold as it is.
   */
  personalisation: string | null;
}

export interface ProductVariantsTable {
  id: string;
  product_id: string;
  /** JSON: `{ "Size": "M" }`. */
  options: string;
  /** The values in the product's group order, so each combination is stored once. */
  combination: string;
  sku: string;
  price_pence: number;
  count_in_stock: number;
  /** Grams; 0: as the product. */
  weight_grams: Generated<number>;
  /** The was price, above `price_pence`; null when not on sale. */
  compare_at_pence: Generated<number | null>;
  position: number;
  created_at: Timestamp;
  /** One of its product's pictures (`product_images.url`), shown when the variant is chosen. */
  image: string | null;
  /** Made to order in its own lead time; null: as its product. */
  made_to_order_days: Generated<number | null>;
}

/**
 * A stretch of time a product (`variant_id` null) or one of its variants sold at one price: from
 * `valid_from` up to `valid_to`, or on while `valid_to` is null (the price now, one per item).
 */
export interface PriceHistoryTable {
  id: string;
  product_id: string;
  variant_id: string | null;
  price_pence: number;
  valid_from: Timestamp;
  valid_to: Timestamp | null;
}

/**
 * A product's pictures in the owner's order; the first is also `products.image`. A product
 * without rows has the one picture `products.image`.
 */
export interface ProductImagesTable {
  product_id: string;
  position: number;
  url: string;
  alt: string;
}

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string | null;
  name: string;
  rating: number;
  comment: string;
  created_at: Timestamp;
  /** 1 when its author had a paid order of the product when they wrote it; never changed after. */
  verified: Generated<number>;
  /** When the owner hid it, and why; null while it is shown. */
  hidden_at: Timestamp | null;
  hidden_reason: string | null;
  /** When the owner last hid it, showed it or kept it: reports made before then are dealt with. */
  moderated_at: Timestamp | null;
  /** 1 while it has reports the owner has not dealt with: the top of the owner's queue. */
  reported: Generated<number>;
  /** The shop's public reply, and when it was written (a later reply replaces it). */
  reply_text: string | null;
  reply_at: Timestamp | null;
}

/** A shopper's report that a review should not be shown; one per signed-in reporter. */
export interface ReviewReportsTable {
  id: string;
  review_id: string;
  /** Null for a guest's report, or once the reporter's account is gone. */
  user_id: string | null;
  reason: string;
  created_at: Timestamp;
}
