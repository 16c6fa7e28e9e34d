import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, freshAddress, type TestUser } from '../../support/account-fixtures';
import { startTcpRelay, type TcpRelay } from '../../support/tcp-relay';
import { startTestShop, type TestShop } from '../../support/test-shop';

const REDIS_AWAY = /Redis cannot be reached/;
const REDIS_BACK = /Redis is back/;

/** A shop whose log lines (warnings and up) the test can read. */
async function shopWithLog(redisUrl: string) {
  const lines: string[] = [];
  const shop = await startTestShop(
    'sqlite',
    { REDIS_URL: redisUrl, LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  return { shop, linesSaying: (words: RegExp) => lines.filter((line) => words.test(line)) };
}

/** Wrong passwords for `count` different accounts, all at once, from one client address. */
function wrongPasswordsAtOnce(shop: TestShop, count: number, address: string) {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: `nobody${index}@example.com`, password: 'not the password' },
        remoteAddress: address,
      }),
    ),
  );
}

const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((tally, { statusCode }) => {
    tally[statusCode] = (tally[statusCode] ?? 0) + 1;
    return tally;
  }, {});

/** One address's sign-in attempts are limited (100 in 15 minutes) whatever accounts they try. */
async function expectSignInLimitHolds(shop: TestShop) {
  const tally = statusCounts(await wrongPasswordsAtOnce(shop, 110, freshAddress()));
  expect(tally).toEqual({ 401: 100, 429: 10 });
}

/** The newsletter's limit holds, and a customer signs in as ever. */
async function expectShopAnswers(shop: TestShop, customer: TestUser) {
  const address = freshAddress();
  const newsletter: number[] = [];
  for (let attempt = 0; attempt < 21; attempt += 1) {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email: `reader${attempt}-${address}@example.com` },
      remoteAddress: address,
    });
    newsletter.push(response.statusCode);
  }
  expect(newsletter.slice(0, 20).every((status) => status === 201)).toBe(true);
  expect(newsletter[20]).toBe(429);

  const signIn = await shop.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: customer.email, password: customer.password },
    remoteAddress: freshAddress(),
  });
  expect(signIn.statusCode).toBe(200);
}

describe('Redis away from the start', () => {
  let relay: TcpRelay;
  let shop: TestShop;
  let linesSaying: (words: RegExp) => string[];

  beforeAll(async () => {
    // A port where nothing answers, as when the Redis server is down.
    relay = await startTcpRelay({ host: '127.0.0.1', port: 1 });
    await relay.cut();
    ({ shop, linesSaying } = await shopWithLog(`redis://127.0.0.1:${relay.port}`));
  });
  afterAll(async () => {
    await shop.close();
  });

  it('answers every call, keeps each limit in memory, and says so once in the log', async () => {
    await expectSignInLimitHolds(shop);
    await expectShopAnswers(shop, await addUser(shop));
    expect(linesSaying(REDIS_AWAY)).toHaveLength(1);
  }, 60_000);
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis going away while the shop runs, and coming back', () => {
  let relay: TcpRelay;
  let shop: TestShop;
  let linesSaying: (words: RegExp) => string[];

  beforeAll(async () => {
    const redis = new URL(redisUrl ?? '');
    relay = await startTcpRelay({ host: redis.hostname, port: Number(redis.port || 6379) });
    ({ shop, linesSaying } = await shopWithLog(`redis://127.0.0.1:${relay.port}`));
  });
  afterAll(async () => {
    await shop.close();
    await relay.close();
  });

  it('falls back to memory at once, and shares the counts again once Redis is back', async () => {
    const customer = await addUser(shop);
    expect(linesSaying(REDIS_AWAY)).toHaveLength(0);

    await relay.cut();
    await vi.waitFor(() => expect(linesSaying(REDIS_AWAY)).toHaveLength(1));
    await expectShopAnswers(shop, customer);
    expect(linesSaying(REDIS_AWAY)).toHaveLength(1);

    await relay.restore();
    await vi.waitFor(() => expect(linesSaying(REDIS_BACK)).toHaveLength(1), { timeout: 10_000 });
    await expectShopAnswers(shop, customer);
  });
});
