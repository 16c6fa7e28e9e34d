import type { ConsentPurpose, ConsentSource } from '../../shared/consents/consents';
import type { Timestamp } from '../sql/timestamps';

/**
 * Every consent to marketing mail a person gave, kept after it is withdrawn: a withdrawal sets
 * `withdrawn_at`, and a consent given again is a new row, so the history stays whole.
 */
export interface ConsentsTable {
  id: string;
  email: string;
  purpose: ConsentPurpose;
  /** The exact sentence the person agreed to, as the page showed it. */
  wording: string;
  source: ConsentSource;
  /** The account that gave it, when it was given signed in; null once that account is closed. */
  user_id: string | null;
  given_at: Timestamp;
  withdrawn_at: Timestamp | null;
}
