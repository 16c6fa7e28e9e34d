import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Rate limits are off by default and switched on per route. With Redis every server instance
 * shares one count; without it each instance counts alone.
 */
export async function registerRateLimits(app: FastifyInstance, redisUrl: string | undefined) {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
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
