import type { Selectable } from 'kysely';
import type { Timestamp } from '../sql/timestamps';
import type { OfferColumns } from './offer-record';

/** An offer with no code, live from `starts_at` until `ends_at`. */
export interface PromotionsTable extends OfferColumns {
  id: string;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PromotionRow = Selectable<PromotionsTable>;
