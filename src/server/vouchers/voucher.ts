import type { OfferTerms } from '../../shared/orders/discounts';

/** A voucher as the shop's code passes it around: what it takes off and the rules it carries. */
export interface StoredVoucher extends OfferTerms {
  id: string;
  name: string;
  /** The code as the shop owner wrote it; empty on a draft. */
  code: string;
  /** ISO 8601: the voucher is good until this moment. */
  expiresAt: string;
  /** ISO 8601: the voucher is good from this moment; null: from when it was saved. */
  startsAt: string | null;
  /** A draft is one the shop owner has not saved yet; no shopper can use it. */
  status: 'draft' | 'live';
  maxUses: number | null;
  oncePerCustomer: boolean;
  /** How many orders have used it. */
  uses: number;
  /** Whether it applies beside a promotion rather than instead of one. */
  stacks: boolean;
}
