import type { Redis } from 'ioredis';
import { consumeOne, sharedLimiter } from './rate-limits';

/**
 * A count kept per account (an email address) rather than per client address, so spreading
 * attempts over many addresses does not help. Shared through Redis when there is one; a Redis
 * outage falls back to counting in this instance.
 */
export interface AccountLimit {
  /** Counts one attempt against the account; refuses with 429 once they are used up. */
  count(account: string): Promise<void>;
  /** Forgets the account's count, after it proved itself. */
  forget(account: string): Promise<void>;
  /** Gives back one attempt counted against the account (one that turned out not to count). */
  giveBack(account: string): Promise<void>;
}

interface AccountLimitOptions {
  name: string;
  attempts: number;
  windowSeconds: number;
}

export function accountLimit(redis: Redis | undefined, options: AccountLimitOptions): AccountLimit {
  const limiter = sharedLimiter(redis, {
    keyPrefix: `shop-account-limit-${options.name}`,
    points: options.attempts,
    duration: options.windowSeconds,
  });
  return {
    count: (account) => consumeOne(limiter, account),
    async forget(account) {
      await limiter.delete(account).catch(() => false);
    },
    async giveBack(account) {
      await limiter.reward(account, 1).catch(() => undefined);
    },
  };
}
