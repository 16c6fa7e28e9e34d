import { describe, expect, it } from 'vitest';
import { hidePathAfter, hideQueryValue } from './url-secrets';

describe('secrets in addresses', () => {
  it.each([
    ['/api/orders/abc?key=Secret_-123', '/api/orders/abc?key=[key]'],
    ['/api/orders/abc?%6Bey=Secret', '/api/orders/abc?%6Bey=[key]'],
    ['/api/orders/abc?%6b%65%79=Secret&x=1', '/api/orders/abc?%6b%65%79=[key]&x=1'],
    ['/api/orders/abc?x=1&KEY=Secret', '/api/orders/abc?x=1&KEY=[key]'],
    ['/api/orders/abc?key+=Secret', '/api/orders/abc?key+=[key]'],
    ['/api/orders/abc#key=Secret', '/api/orders/abc#key=[key]'],
    ['/api/orders/abc?key=One&key=Two', '/api/orders/abc?key=[key]&key=[key]'],
    ['/api/orders/abc?k%65y%=Secret', '/api/orders/abc?k%65y%=Secret'],
    ['/api/products?keyword=ring&monkey=1', '/api/products?keyword=ring&monkey=1'],
  ])('hides a query value named key in any spelling: %s as %s', (url, logged) => {
    expect(hideQueryValue(url, 'key', '[key]')).toBe(logged);
  });

  it.each([
    ['/password-reset/reset/Token_-1?x=1', '/password-reset/reset/[token]?x=1'],
    ['/api/users/forgot%2Dpassword/%72eset/Token', '/api/users/forgot-password/reset/[token]'],
    ['/password-reset/RESET/Token', '/password-reset/RESET/[token]'],
    ['/password-reset\\reset\\Token', '/password-reset/reset/[token]'],
    ['/password-reset/reset/./Token', '/password-reset/reset/[token]'],
    ['/password-reset/reset', '/password-reset/reset'],
    ['/api/products?keyword=reset', '/api/products?keyword=reset'],
  ])('hides what follows a reset segment in any spelling: %s as %s', (url, logged) => {
    expect(hidePathAfter(url, 'reset', '[token]')).toBe(logged);
  });
});
