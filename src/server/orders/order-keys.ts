import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hideQueryValue } from '../http/url-secrets';
import type { StoredOrder } from './orders.repository';

/** 256 random bits, written in 43 URL-safe characters. */
const KEY_BYTES = 32;

const hashOf = (key: string) => createHash('sha256').update(key).digest();

/**
 * A new key for a guest's order link, and the hash the shop keeps of it: the key itself is only
 * ever in the answer that made the order and in its confirmation mail.
 */
export function newOrderKey(): { key: string; hash: string } {
  const key = randomBytes(KEY_BYTES).toString('base64url');
  return { key, hash: hashOf(key).toString('hex') };
}

/** Whether `key` is the one whose hash is kept; false when none is. */
function keyMatches(keptHash: string | null, key: string): boolean {
  if (keptHash === null) return false;
  const kept = Buffer.from(keptHash, 'hex');
  const given = hashOf(key);
  return kept.length === given.length && timingSafeEqual(kept, given);
}

/** Whether `key` is the key of this guest's order; false for a customer's, or a claimed one. */
export function opensOrder(order: Pick<StoredOrder, 'guestKeyHash'>, key: string): boolean {
  return keyMatches(order.guestKeyHash, key);
}

/** Whether `key` is the key of this gift's recipient's link. */
export function opensForRecipient(
  order: Pick<StoredOrder, 'recipientKeyHash'>,
  key: string,
): boolean {
  return keyMatches(order.recipientKeyHash, key);
}

/** The link a guest's order is seen by: `<PUBLIC_URL>/order/<id>?key=<key>`. */
export const orderLinkOf = (publicUrl: string, orderId: string, key: string) =>
  `${publicUrl}/order/${encodeURIComponent(orderId)}?key=${encodeURIComponent(key)}`;

/**
 * A URL as the log keeps it: the key of a guest's order link hidden, wherever it is asked with
 * and however the query spells `key` (`?%6Bey=` opens the order as `?key=` does).
 */
export const redactOrderKey = (url: string): string => hideQueryValue(url, 'key', '[key]');
