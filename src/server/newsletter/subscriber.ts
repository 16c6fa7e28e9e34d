/** Where someone joined the newsletter's list. */
export type SubscriberSource = 'footer' | 'account';

/** Someone on the newsletter's list. */
export interface Subscriber {
  id: string;
  email: string;
  /** ISO 8601: when they subscribed. */
  subscribedAt: string;
  /** ISO 8601: when they confirmed with the mailed link; null while they have not. */
  confirmedAt: string | null;
  source: SubscriberSource;
  userId: string | null;
}
