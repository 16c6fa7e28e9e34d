import type { Timestamp } from '../sql/timestamps';

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra headers as JSON (List-Unsubscribe and the like). */
  headers: string;
  /** `withdrawn`: a marketing mail whose consent was withdrawn before it went; never sent. */
  status: 'waiting' | 'sent' | 'failed' | 'withdrawn';
  attempts: number;
  /** When the mail is next due; while a sender holds it, when that sender's lease ends. */
  next_attempt_at: Timestamp;
  /** The token of the sender holding the mail; null when nobody does. */
  lease_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The consent a marketing mail is sent under; null for every other mail. */
  consent_id: string | null;
}
