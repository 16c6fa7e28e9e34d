import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/** One Redis connection for every shared count, closed with the server. */
export function connectRedis(app: FastifyInstance, redisUrl: string | undefined) {
  if (!redisUrl) return undefined;
  const redis = new Redis(redisUrl, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}

/**
 * Rate limits are off by default and switched on per route. With Redis every server instance
 * shares one count; without it each instance counts alone.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  await app.register(rateLimit, {
    global: false,
    // A Redis outage must not close the shop: limits pause until it is back.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'shop-rate-limit-' } : {}),
  });
}

/** A limit counted per client address (the connection's, unless TRUST_PROXY says otherwise). */
export function perAddress(max: number, timeWindow: string): RateLimitOptions {
  return { max, timeWindow };
}
