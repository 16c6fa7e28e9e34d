import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases';
import { startTestShop, type TestShop } from '../support/test-shop';

describe.each(testDialects())('the newsletter on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
  });
  afterAll(() => shop.close());

  const subscribe = (body: unknown, address = '127.0.0.1') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: body as object,
      remoteAddress: address,
    });

  const storedEmails = async () =>
    (
      await shop.database.db.selectFrom('subscribers').select('email').orderBy('email').execute()
    ).map((row) => row.email);

  it('thanks a new subscriber and stores the address once, however it is written', async () => {
    const first = await subscribe({ email: ' Ann@Example.com ' }, '10.0.0.1');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Thank you for subscribing' });
    const again = await subscribe({ email: 'ann@example.com' }, '10.0.0.1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: 'Thank you for subscribing' });
    expect(await storedEmails()).toEqual(['ann@example.com']);
  });

  it('says in plain words what is wrong with an address', async () => {
    const response = await subscribe({ email: 'hello' }, '10.0.0.3');
    expect(response.json()).toEqual({
      message: 'Please enter a valid email address',
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it.each([
    [{}, 'a missing email'],
    [{ email: '' }, 'an empty email'],
    [{ email: 'not-an-email' }, 'a malformed email'],
    [{ email: 42 }, 'a number'],
    [{ email: ['a@b.co'] }, 'a list'],
    [{ email: { $ne: null } }, 'an object'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'an over-long email'],
  ] as [object, string][])('refuses %j (%s) with 400 and stores nothing', async (body) => {
    const before = await storedEmails();
    const response = await subscribe(body, '10.0.0.2');
    expect(response.statusCode).toBe(400);
    const answer = response.json<{ message: string; code: string }>();
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.message).toMatch(/^(Please enter|That email address is too long|email: Invalid)/);
    expect(await storedEmails()).toEqual(before);
  });

  it('limits one address to 20 subscriptions an hour, without limiting others', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(
        (await subscribe({ email: `many${attempt}@example.com` }, '10.0.0.9')).statusCode,
      ).toBe(201);
    }
    const limited = await subscribe({ email: 'one-more@example.com' }, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedEmails()).not.toContain('one-more@example.com');
    expect((await subscribe({ email: 'other@example.com' }, '10.0.0.10')).statusCode).toBe(201);
  });

  it('does not let a client choose its address with X-Forwarded-For', async () => {
    const results: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/subscribers',
        payload: { email: `spoof${attempt}@example.com` },
        remoteAddress: '10.0.0.20',
        headers: { 'x-forwarded-for': `192.0.2.${attempt}` },
      });
      results.push(response.statusCode);
    }
    expect(results.at(-1)).toBe(429);
  });
});
