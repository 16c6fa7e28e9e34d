import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const LIFETIME = '30d';

export interface TokenClaims {
  userId: string;
  /** The user's session version when the token was made; a raised version ends it. */
  sessionVersion: number;
}

export interface Tokens {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a genuine, unexpired token, or undefined for anything else. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

/** Session tokens: JWTs signed with HS256 only, carrying the user id in `sub`. */
export function createTokens(secret: string): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionVersion }) =>
      new SignJWT({ ver: sessionVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        const { sub, ver } = payload;
        if (typeof sub !== 'string' || typeof ver !== 'number') return undefined;
        return { userId: sub, sessionVersion: ver };
      } catch {
        return undefined;
      }
    },
  };
}
