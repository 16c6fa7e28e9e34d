import argon2 from 'argon2';
import pLimit from 'p-limit';
import type { PasswordHashCost } from '../config';

/**
 * argon2id's parameters for each cost the configuration names (PASSWORD_HASH_COST).
 *
 * `standard` is the cost RFC 9106 and OWASP recommend, and the argon2 package's own defaults:
 * 64 MiB of memory, 3 passes, 4 lanes, about a tenth of a second a hash. `test` is for test shops
 * only (a few milliseconds a hash), and config.ts refuses it when NODE_ENV=production.
 *
 * A hash carries its own parameters (`$argon2id$v=19$m=65536,p=4,t=3$...`) and a check reads them
 * from it, so a shop may change its cost: the passwords hashed before still sign in, and each new
 * or changed password is hashed at the new cost.
 */
export const ARGON2_COSTS: Record<
  PasswordHashCost,
  { memoryCost: number; timeCost: number; parallelism: number }
> = {
  standard: { memoryCost: 65536, timeCost: 3, parallelism: 4 },
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

/**
 * Argon2 hashes and checks each hold one of libuv's threads for their whole length (about a
 * tenth of a second each), and file reads (the app's scripts and styles, uploaded images), DNS
 * look-ups and zlib wait for a thread behind them: 100 sign-ins at once used to hold the page's
 * script file for 18 seconds. So no more than two run at once, half of libuv's 4 threads (the
 * shop leaves UV_THREADPOOL_SIZE unset; a larger pool only leaves more free), and the rest wait
 * here in turn. Each hash already uses 4 threads of its own (parallelism 4), so more at once would
 * not check passwords any faster on a machine with a few cores; they would only wait elsewhere.
 */
const ARGON2_AT_ONCE = 2;

const argon2Turn = pLimit(ARGON2_AT_ONCE);

export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return argon2Turn(() => argon2.hash(password, { type: argon2.argon2id, ...ARGON2_COSTS[cost] }));
}

/** Checks a password against a hash made at any cost: the hash says its own parameters. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Turn(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
