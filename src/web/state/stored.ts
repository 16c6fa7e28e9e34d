import type * as z from 'zod/mini';

/** Reads a value the app stored itself; anything missing, broken or tampered with gives the fallback. */
export function readStored<Schema extends z.ZodMiniType>(
  key: StoredKey,
  schema: Schema,
  fallback: z.infer<Schema>,
): z.infer<Schema> {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** Every key the shop keeps in this browser. */
const STORED_KEYS = [
  'basketItems',
  'shippingAddress',
  'paymentMethod',
  'voucherCode',
  'userInfo',
  'guestEmail',
  'guestName',
  'delivery',
  'wishlist',
  'recentlyViewed',
  'keptBasketToken',
  'keptBasketAgreed',
] as const;
type StoredKey = (typeof STORED_KEYS)[number];

/** Whether this browser keeps anything of the shop's: a first visit keeps nothing. */
export function keepsAnything(): boolean {
  try {
    return STORED_KEYS.some((key) => localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

export function writeStored(key: StoredKey, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: the basket still works for this visit.
  }
}
