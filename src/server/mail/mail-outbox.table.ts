import type { Timestamp } from '../sql/timestamps';

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra headers as JSON (List-Unsubscribe and the like). */
  headers: string;
  status: 'waiting' | 'sent' | 'failed';
  attempts: number;
  /** When the mail is next due; while a sender holds it, when that sender's lease ends. */
  next_attempt_at: Timestamp;
  /** The token of the sender holding the mail; null when nobody does. */
  lease_token: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}
