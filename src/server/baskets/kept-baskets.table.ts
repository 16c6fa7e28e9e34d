import type { Generated } from 'kysely';
import type { Timestamp } from '../sql/timestamps';

/** A basket the shop keeps: an account's (`user_id`) or a guest's at an address (`email`). */
export interface KeptBasketsTable {
  id: string;
  user_id: string | null;
  email: string | null;
  /** The lines, as JSON: `[{ product, variant, qty }]`. */
  items: string;
  item_count: number;
  changed_at: Timestamp;
  /** Reminder steps gone by since the basket was last filled, whether or not one was sent. */
  reminders_passed: Generated<number>;
  created_at: Timestamp;
}

/** A key that opens a kept basket: only its SHA-256 is kept. */
export interface KeptBasketKeysTable {
  key_hash: string;
  basket_id: string;
  created_at: Timestamp;
}

/** A basket reminder that was sent, for the desk to count the orders that followed. */
export interface BasketRemindersTable {
  id: string;
  email: string;
  /** 1 for the first reminder, 2 and 3 for the later ones. */
  step: number;
  sent_at: Timestamp;
}
