import type { OfferTerms } from '../../shared/orders/discounts';

/** A promotion as the shop's code passes it around: an offer with no code, live for a while. */
export interface StoredPromotion extends OfferTerms {
  id: string;
  name: string;
  /** ISO 8601: live from this moment, until `endsAt`. */
  startsAt: string;
  endsAt: string;
}
