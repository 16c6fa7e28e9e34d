import argon2 from 'argon2';
import pLimit from 'p-limit';

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

export function hashPassword(password: string): Promise<string> {
  return argon2Turn(() => argon2.hash(password, { type: argon2.argon2id }));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Turn(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
