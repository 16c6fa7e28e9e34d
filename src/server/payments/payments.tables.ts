import type { Generated } from 'kysely';
import type { Timestamp } from '../sql/timestamps';

/**
 * A payment's life in the ledger: opened with the provider, captured (the money is with the shop),
 * then closed: fulfilled by its order, or refunded (refund_failed: the refund is owed and listed
 * for admins).
 */
export type PaymentStatus = 'opened' | 'captured' | 'fulfilled' | 'refunded' | 'refund_failed';

export interface PaymentsTable {
  /** The provider's payment (order) id. */
  id: string;
  /** The customer paying; null for a guest, whose email is kept instead. */
  user_id: string | null;
  guest_email: string | null;
  total_pence: number;
  status: Generated<PaymentStatus>;
  capture_id: string | null;
  captured_pence: number | null;
  created_at: Timestamp;
  /**
   * When the reconciler may next ask the provider about this payment, while the ledger has not
   * closed it; null: at once. Placing its order puts it 5 minutes ahead.
   */
  check_after: Timestamp | null;
  /** When the shop decided this payment makes no order: it is refunded, never fulfilled. */
  unfulfilled_at: Timestamp | null;
  /** A hash of the basket it was opened for; null for payments opened before baskets were bound. */
  basket_hash: string | null;
  /** The way to pay it was opened for: `paypal`, `card`, `apple-pay` or `google-pay`. */
  method: Generated<string>;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** Every refund asked of the provider, kept until it has gone through. */
export interface RefundsTable {
  id: string;
  payment_id: string;
  capture_id: string;
  /** The order it gives money back on; null for a payment that never made an order. */
  order_id: string | null;
  amount_pence: number;
  reason: string;
  status: RefundStatus;
  /** The provider's idempotency key for this refund. */
  request_id: string;
  error: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The token of whoever is asking the provider for it now; null when nobody is. */
  asked_by: string | null;
  /** Until when that asker holds it: after that another may ask. */
  asked_until: Timestamp | null;
}
