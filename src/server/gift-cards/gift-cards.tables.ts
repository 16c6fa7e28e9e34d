import type { Generated } from 'kysely';
import type { GiftCardEntryType } from '../../shared/gift-cards/gift-cards';
import type { Timestamp } from '../sql/timestamps';

export interface GiftCardsTable {
  id: string;
  /** The SHA-256 of the code as the shop keeps it (upper case, no dashes), in hex. */
  code_hash: string;
  last4: string;
  amount_pence: number;
  /** Never below 0 (a check constraint). */
  balance_pence: number;
  /** The instant it stops working: the end of the UK day printed on it. */
  expires_at: Timestamp;
  status: 'active' | 'voided';
  /** The order that bought it. */
  order_id: string;
  order_item_id: string | null;
  buyer_name: string;
  buyer_email: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  /** The UK day (`2026-12-25`) its mail goes, at 8:00. */
  send_on: string;
  /** When its mail is due to go (8:00 UK on send_on, or when queued if later); null until queued. */
  mailed_at: Timestamp | null;
  /** The outbox's id of its latest mail, to send it again while the outbox keeps it. */
  mail_id: string | null;
  created_at: Timestamp;
}

/** The ledger: every movement of a card's balance, and every mail of it. */
export interface GiftCardEntriesTable {
  id: string;
  gift_card_id: string;
  type: GiftCardEntryType;
  /** Signed: issued and refunded above 0, spent and voided below, a mail 0. */
  amount_pence: number;
  order_id: string | null;
  by_name: string;
  at: Timestamp;
  /** A card's place among those an order was paid with (from 0), spent in that order. */
  position: Generated<number>;
}
