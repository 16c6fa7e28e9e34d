import type { Generated } from 'kysely';
import type { SubscriberSource } from './subscriber';
import type { Timestamp } from '../sql/timestamps';

export interface SubscribersTable {
  id: string;
  email: string;
  created_at: Timestamp;
  /** When the address's owner followed the confirmation link: their consent. Null until then. */
  confirmed_at: Timestamp | null;
  /** When the last confirmation link was mailed; null for rows from before double opt-in. */
  confirmation_sent_at: Timestamp | null;
  /** Where they signed up: the footer's form, or their account page. */
  source: Generated<SubscriberSource>;
  /** The account that asked from its page; null from the footer, or once that account is closed. */
  user_id: string | null;
}
