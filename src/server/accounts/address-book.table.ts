import type { Timestamp } from '../sql/timestamps';

/** A delivery address a customer saved to choose again at checkout. */
export interface SavedAddressesTable {
  id: string;
  user_id: string;
  name: string;
  address: string;
  line2: string;
  city: string;
  county: string;
  postal_code: string;
  country: string;
  phone: string;
  /** When it was saved, or last chosen at checkout: the book lists the latest first. */
  last_used_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
