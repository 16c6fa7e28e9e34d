import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ShopError } from './errors';

/** Too many attempts; the answer says when to try again and carries `Retry-After`. */
export class TooManyAttempts extends ShopError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'TOO_MANY_REQUESTS',
      `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
}

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
}

export interface AccountLimitOptions {
  name: string;
  attempts: number;
  windowSeconds: number;
}

function limiterFor(redis: Redis | undefined, options: AccountLimitOptions): RateLimiterAbstract {
  const settings = {
    keyPrefix: `shop-account-limit-${options.name}`,
    points: options.attempts,
    duration: options.windowSeconds,
  };
  if (!redis) return new RateLimiterMemory(settings);
  return new RateLimiterRedis({
    ...settings,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(settings),
  });
}

const secondsUntil = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

export function accountLimit(redis: Redis | undefined, options: AccountLimitOptions): AccountLimit {
  const limiter = limiterFor(redis, options);
  return {
    async count(account) {
      try {
        await limiter.consume(account);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) throw new TooManyAttempts(secondsUntil(refusal));
        throw refusal;
      }
    },
    async forget(account) {
      await limiter.delete(account).catch(() => false);
    },
  };
}
