import type { Timestamp } from '../sql/timestamps';

/** A guest who has ordered, known by the email they checked out with. */
export interface GuestCustomersTable {
  id: string;
  /** As the order keeps it: trimmed and lower-cased. */
  email: string;
  /** The name they gave with their latest order. */
  name: string;
  /** Their first order's: guests join the customers' list when they first order. */
  created_at: Timestamp;
  last_order_at: Timestamp;
}

/** Staff's own words on a customer (an account or a guest); never shown to the customer. */
export interface CustomerNotesTable {
  id: string;
  /** The account's id, or the guest's. */
  customer_id: string;
  at: Timestamp;
  by_name: string;
  text: string;
}
