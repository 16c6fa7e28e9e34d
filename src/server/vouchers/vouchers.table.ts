import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../sql/timestamps';

export interface VouchersTable {
  id: string;
  name: string;
  /** The code as the shop owner wrote it. */
  code: string;
  /** The code lower-cased: what shoppers' codes are compared with. */
  code_key: string;
  discount_pence: number;
  expires_at: Timestamp;
  status: 'draft' | 'live';
  created_at: Timestamp;
  updated_at: Timestamp;
  min_spend_pence: number | null;
  max_uses: number | null;
  /** 0 or 1: both databases read it back as a number. */
  once_per_customer: Generated<number>;
  uses: Generated<number>;
}

/** A voucher as its row holds it. */
export type VoucherRow = Selectable<VouchersTable>;

export interface VoucherRedemptionsTable {
  id: string;
  voucher_id: string;
  order_id: string;
  customer_key: string;
}
