import type { Timestamp } from '../sql/timestamps';

export interface SubscribersTable {
  id: string;
  email: string;
  created_at: Timestamp;
  /** When the address's owner followed the confirmation link: their consent. Null until then. */
  confirmed_at: Timestamp | null;
  /** When the last confirmation link was mailed; null for rows from before double opt-in. */
  confirmation_sent_at: Timestamp | null;
}
