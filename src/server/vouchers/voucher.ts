import type { Pence } from '../../shared/money';

/** A voucher as the shop's code passes it around: what it takes off and the rules it carries. */
export interface StoredVoucher {
  id: string;
  name: string;
  /** The code as the shop owner wrote it; empty on a draft. */
  code: string;
  discountPence: Pence;
  /** ISO 8601: the voucher is good until this moment. */
  expiresAt: string;
  /** A draft is one the shop owner has not saved yet; no shopper can use it. */
  status: 'draft' | 'live';
  minSpendPence: Pence | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  /** How many orders have used it. */
  uses: number;
}
