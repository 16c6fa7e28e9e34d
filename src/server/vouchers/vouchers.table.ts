import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../sql/timestamps';
import type { OfferColumns } from '../promotions/offer-record';

export interface VouchersTable extends Omit<OfferColumns, 'kind'> {
  /** A voucher from before kinds is an amount off. */
  kind: Generated<OfferColumns['kind']>;
  id: string;
  name: string;
  /** The code as the shop owner wrote it. */
  code: string;
  /** The code lower-cased: what shoppers' codes are compared with. */
  code_key: string;
  expires_at: Timestamp;
  /** Before it the code answers as unknown; null: from when it was saved. */
  starts_at: Timestamp | null;
  status: 'draft' | 'live';
  created_at: Timestamp;
  updated_at: Timestamp;
  max_uses: number | null;
  /** 0 or 1: both databases read it back as a number. */
  once_per_customer: Generated<number>;
  uses: Generated<number>;
  /** 0 or 1: whether the code applies beside a promotion. */
  stacks: Generated<number>;
}

/** A voucher as its row holds it. */
export type VoucherRow = Selectable<VouchersTable>;

export interface VoucherRedemptionsTable {
  id: string;
  voucher_id: string;
  order_id: string;
  customer_key: string;
}
