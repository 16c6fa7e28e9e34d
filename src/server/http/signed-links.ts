import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link that names a row (a subscriber, a stock alert) and carries a signature made with the
 * shop's secret for one purpose, so nobody can act on anyone else's by guessing, and no token
 * list is stored.
 */
export function signedToken(secret: string, purpose: string, id: string): string {
  return `${id}.${signatureOf(secret, purpose, id)}`;
}

/** The id a genuine token for this purpose names, or undefined. */
export function idOfSignedToken(
  secret: string,
  purpose: string,
  token: string,
): string | undefined {
  const [id, signature, ...rest] = token.split('.');
  if (!id || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(signatureOf(secret, purpose, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

function signatureOf(secret: string, purpose: string, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url');
}
