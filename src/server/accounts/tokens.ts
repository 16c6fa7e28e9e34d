import { jwtVerify, SignJWT } from 'jose';
import { isCleanText } from '../../shared/text';

const ALGORITHM = 'HS256';
const LIFETIME = '30d';
/** No token is taken that was made to last longer than the shop's own. */
const LONGEST_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

interface TokenClaims {
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
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: LIFETIME,
        });
        const { sub, ver, exp = 0, iat = 0 } = payload;
        // No account has an id with a control character in it (PostgreSQL cannot even be asked).
        if (typeof sub !== 'string' || !isCleanText(sub) || typeof ver !== 'number') {
          return undefined;
        }
        if (exp - iat > LONGEST_LIFETIME_SECONDS) return undefined;
        return { userId: sub, sessionVersion: ver };
      } catch {
        return undefined;
      }
    },
  };
}
