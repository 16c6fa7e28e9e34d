import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { Redis } from 'ioredis';
import { once } from 'node:events';
import { setTimeout } from 'node:timers/promises';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How many calls one client address may make to this route in a window. */
    rateLimit?: AddressLimit;
  }
}

interface AddressLimit {
  max: number;
  windowSeconds: number;
}

/** How long the shop waits for Redis as it starts. */
const REDIS_FIRST_CONNECT_MS = 1000;
/** How long Redis may take over one count before the shop counts in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 200;

/**
 * One Redis connection for every shared count, closed with the server. Nothing waits on Redis:
 * a command fails at once while it is away (no queue) or after 200 ms, and the counts fall back
 * to this instance's memory. Its going and coming back are each said once in the log.
 */
export async function connectRedis(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<Redis | undefined> {
  if (!redisUrl) return undefined;
  const redis = new Redis(redisUrl, {
    connectTimeout: 500,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keeps trying, at most every 5 seconds, for as long as the shop runs.
    retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
  });
  watchRedis(redis, app.log);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // The first counts go to Redis when it is there; a shop whose Redis is away starts all the same.
  await Promise.race([
    once(redis, 'ready').catch(() => undefined),
    setTimeout(REDIS_FIRST_CONNECT_MS, undefined, { ref: false }),
  ]);
  return redis;
}

function watchRedis(redis: Redis, log: FastifyBaseLogger) {
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(
      { err: error },
      'Redis cannot be reached: rate limits count in this instance until it is back',
    );
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is back: rate limits are shared by every instance again');
  });
}

/**
 * A count shared by every instance through Redis when there is one, and kept in this instance's
 * memory when there is not, or while Redis is away.
 */
export function sharedLimiter(
  redis: Redis | undefined,
  options: Required<Pick<IRateLimiterOptions, 'keyPrefix' | 'points' | 'duration'>>,
): RateLimiterAbstract {
  if (!redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** Counts one call against `key`; refuses with 429 and `Retry-After` once the count is used up. */
export async function consumeOne(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) {
      throw new TooManyAttempts(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
    }
    throw refusal;
  }
}

/**
 * Limits are off by default and switched on per route with `config: { rateLimit }`, counted per
 * client address (the connection's, unless TRUST_PROXY says otherwise).
 */
export function registerRateLimits(app: FastifyInstance, redis: Redis | undefined): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const limiter = sharedLimiter(redis, {
      keyPrefix: `shop-address-limit:${route.method.toString()}:${route.url}`,
      points: limit.max,
      duration: limit.windowSeconds,
    });
    const check: onRequestAsyncHookHandler = (request: FastifyRequest) =>
      consumeOne(limiter, request.ip);
    const others = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(others) ? others : [others]), check];
  });
}

const UNIT_SECONDS = { second: 1, minute: 60, hour: 60 * 60, day: 24 * 60 * 60 } as const;

/** A limit per client address: `perAddress(20, '1 hour')`, `perAddress(100, '15 minutes')`. */
export function perAddress(
  max: number,
  window: `${number} ${keyof typeof UNIT_SECONDS}${'' | 's'}`,
): AddressLimit {
  const [count = '1', unit = 'hour'] = window.split(' ');
  const seconds = UNIT_SECONDS[unit.replace(/s$/, '') as keyof typeof UNIT_SECONDS];
  return { max, windowSeconds: Number(count) * seconds };
}
