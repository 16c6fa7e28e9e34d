import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An unsubscribe link names the subscriber and carries a signature made with the shop's secret, so
 * nobody can unsubscribe anyone else by guessing, and no token list is stored.
 */
export function unsubscribeToken(secret: string, subscriberId: string): string {
  return `${subscriberId}.${signatureOf(secret, subscriberId)}`;
}

/** The subscriber a genuine token names, or undefined. */
export function subscriberOfToken(secret: string, token: string): string | undefined {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(signatureOf(secret, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

function signatureOf(secret: string, subscriberId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${subscriberId}`).digest('base64url');
}
