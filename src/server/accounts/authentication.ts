import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ShopDatabase } from '../db/database';
import { ShopError } from '../http/errors';
import type { Tokens } from './tokens';
import type { UserAccount } from './user-account';
import { findUserById } from './users.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, set by the `signedIn` and `admin` guards. */
    user: UserAccount | null;
  }
}

export interface Guards {
  /** Lets the call through only with a valid token of a user who still exists. */
  signedIn: onRequestAsyncHookHandler;
  /** As `signedIn`, and the user must be an admin now, not merely when the token was made. */
  admin: onRequestAsyncHookHandler;
  /** As `admin`, letting staff through as well: the work of the desk, orders and stock. */
  staff: onRequestAsyncHookHandler;
  /** Guests pass as guests; a token, when sent, must be valid, and names the caller. */
  guestOrSignedIn: onRequestAsyncHookHandler;
}

const notSignedIn = () => new ShopError('UNAUTHENTICATED', 'Please sign in to continue');
const sessionEnded = () =>
  new ShopError('UNAUTHENTICATED', 'Your session has ended, please sign in again');

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header.trim());
  return match?.[1];
}

/**
 * The guards run when a request arrives, before its body is read or validated, so a guest gets
 * 401 and a customer 403 on an admin call whatever the body holds.
 */
export function createGuards({ db }: ShopDatabase, tokens: Tokens): Guards {
  async function identify(request: FastifyRequest): Promise<UserAccount> {
    const token = bearerToken(request);
    if (token === undefined) throw notSignedIn();
    const claims = await tokens.verify(token);
    if (!claims) throw sessionEnded();
    const user = await findUserById(db, claims.userId);
    if (user?.sessionVersion !== claims.sessionVersion) throw sessionEnded();
    request.user = user;
    return user;
  }
  return {
    async signedIn(request) {
      await identify(request);
    },
    async admin(request) {
      const user = await identify(request);
      if (user.role !== 'admin') throw new ShopError('FORBIDDEN', 'Only shop admins can do that');
    },
    async staff(request) {
      const user = await identify(request);
      if (!runsTheShop(user)) throw new ShopError('FORBIDDEN', 'Only shop staff can do that');
    },
    async guestOrSignedIn(request) {
      if (request.headers.authorization !== undefined) await identify(request);
    },
  };
}

/** Staff and admins: those who see the back office, orders' history and customers' details. */
export const runsTheShop = (user: Pick<UserAccount, 'role'> | null | undefined) =>
  user?.role === 'staff' || user?.role === 'admin';

/** The caller of a guarded route. */
export function callerOf(request: Pick<FastifyRequest, 'user'>): UserAccount {
  if (!request.user) throw notSignedIn();
  return request.user;
}
