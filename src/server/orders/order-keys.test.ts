import { describe, expect, it } from 'vitest';
import { newOrderKey, opensOrder, redactOrderKey } from './order-keys';

describe("a guest order's key", () => {
  it('is long and random, kept only as its hash, and opens only its own order', () => {
    const { key, hash } = newOrderKey();
    const other = newOrderKey();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key);
    expect(opensOrder({ guestKeyHash: hash }, key)).toBe(true);
    expect(opensOrder({ guestKeyHash: hash }, other.key)).toBe(false);
    expect(opensOrder({ guestKeyHash: hash }, '')).toBe(false);
    // A customer's order, or a guest's once claimed, has no key to open it.
    expect(opensOrder({ guestKeyHash: null }, key)).toBe(false);
  });

  it.each([
    ['/api/orders/abc?key=Secret_-123', '/api/orders/abc?key=[key]'],
    ['/order/abc/receipt?x=1&key=Secret&y=2', '/order/abc/receipt?x=1&key=[key]&y=2'],
    ['/api/products?keyword=ring', '/api/products?keyword=ring'],
  ])('is never logged: %s is logged as %s', (url, logged) => {
    expect(redactOrderKey(url)).toBe(logged);
  });
});
