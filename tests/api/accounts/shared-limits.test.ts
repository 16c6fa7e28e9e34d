import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../support/test-shop';

const redisUrl = process.env.TEST_REDIS_URL;

/** Several instances behind one balancer must count one shopper once, through Redis. */
describe.runIf(redisUrl)('rate limits shared by two server instances through Redis', () => {
  let first: TestShop;
  let second: TestShop;

  beforeAll(async () => {
    first = await startTestShop('sqlite', { REDIS_URL: redisUrl ?? '' });
    second = await startTestShop('sqlite', { REDIS_URL: redisUrl ?? '' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('refuses the 21st newsletter sign-up from one address, whichever instance it reaches', async () => {
    // A fresh address each run, so counts left in Redis by an earlier run do not matter.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const shop = attempt % 2 === 0 ? first : second;
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/subscribers',
        payload: { email: `shared${attempt}@example.com` },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
