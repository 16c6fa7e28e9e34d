import type { Timestamp } from '../sql/timestamps';

export interface StockAlertsTable {
  id: string;
  product_id: string;
  /** Empty when the alert waits for a product sold without options. */
  variant_id: string;
  email: string;
  created_at: Timestamp;
}
