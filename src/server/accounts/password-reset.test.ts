import { describe, expect, it } from 'vitest';
import { redactResetToken } from './password-reset.service';

describe('redactResetToken', () => {
  it.each([
    ['/api/users/forgot-password/reset/abcDEF_-123', '/api/users/forgot-password/reset/[token]'],
    ['/password-reset/reset/abcDEF_-123?x=1', '/password-reset/reset/[token]?x=1'],
    ['/api/products?keyword=reset', '/api/products?keyword=reset'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactResetToken(url)).toBe(logged);
  });
});
