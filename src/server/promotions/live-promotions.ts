import type { Db } from '../db/schema';
import type { StoredPromotion } from './promotion';
import { findLivePromotions } from './promotions.repository';

/** The promotions a basket priced at this moment may get. */
export function livePromotions(db: Db, at: Date): Promise<StoredPromotion[]> {
  return findLivePromotions(db, at.toISOString());
}

export type { StoredPromotion } from './promotion';
