import type { NewsletterStatus } from '../../shared/newsletters/newsletters';
import type { Timestamp } from '../sql/timestamps';

export interface NewslettersTable {
  id: string;
  subject: string;
  /** The owner's Markdown, as typed. */
  body: string;
  status: NewsletterStatus;
  /** The mail as it was sent, kept from the moment of sending; null for a draft. */
  html_body: string | null;
  text_body: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
  /** While sending: when its next mail may go into the outbox. */
  next_due_at: Timestamp | null;
}

/** Where one subscriber's copy of a newsletter is. */
export type SendStatus = 'waiting' | 'queued' | 'sent' | 'failed' | 'unsubscribed';

/** One subscriber a newsletter was sent to: one row per newsletter and consent. */
export interface NewsletterSendsTable {
  newsletter_id: string;
  consent_id: string;
  email: string;
  status: SendStatus;
  /** The mail in the outbox, once queued. */
  mail_id: string | null;
  queued_at: Timestamp | null;
}
