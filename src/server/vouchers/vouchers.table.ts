import type { Timestamp } from '../db/timestamps';

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
}
