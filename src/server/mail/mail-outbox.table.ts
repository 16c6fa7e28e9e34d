import type { Timestamp } from '../db/timestamps';

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
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}
