import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../../src/shared/accounts/users';
import { addUser, bearer, freshAddress } from '../../support/account-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const WRONG_PAIR = { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const SENT = { message: 'Password reset link has been sent' };
const WRONG_CURRENT = {
  message: 'Your current password is not correct',
  code: 'CURRENT_PASSWORD_WRONG',
  errors: [{ path: 'currentPassword', message: 'Your current password is not correct' }],
};

const uniqueEmail = (label: string) => `${label}-${randomBytes(6).toString('hex')}@example.com`;

/** A refusal by a per-account limit: it says in minutes when to try again, as Retry-After does. */
function expectAccountLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const body = response.json<{ message: string; code: string }>();
  expect(body).toEqual({
    message: expect.stringMatching(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    ) as unknown,
    code: 'TOO_MANY_REQUESTS',
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  expect(body.message).toContain(`in ${minutes} minute`);
}

/** A refusal by a per-address limit: worded as the per-account ones are. */
function expectAddressLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    message: expect.stringMatching(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    ) as unknown,
    code: 'TOO_MANY_REQUESTS',
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

const statusesOf = (responses: LightMyRequestResponse[]) =>
  responses.map((response) => response.statusCode);

describe('per-account and per-address limits on sqlite', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop('sqlite');
  });
  afterAll(() => shop.close());

  const signIn = (
    email: string,
    password: string,
    address = freshAddress(),
    headers: Record<string, string> = {},
  ) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress: address,
      headers,
    });
  const register = (email: string, address: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Many Accounts', email, password: 'long enough password' },
      remoteAddress: address,
    });
  const forgot = (email: string, address = freshAddress()) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email },
      remoteAddress: address,
    });

  /** Fails to sign in `count` times from one address, each a plain 401. */
  async function failSignIns(email: string, count: number, address: string) {
    for (let attempt = 0; attempt < count; attempt += 1) {
      const response = await signIn(email, `wrong-${attempt}`, address);
      expect(response.statusCode, `failure ${attempt + 1}`).toBe(401);
      expect(response.json()).toEqual(WRONG_PAIR);
    }
  }

  describe('signing in', () => {
    it('refuses an account to an address after its 10 failures there, even the right password', async () => {
      const user = await addUser(shop);
      const other = await addUser(shop);
      const stranger = freshAddress();
      await failSignIns(user.email, 10, stranger);

      expectAccountLimited(await signIn(user.email, user.password, stranger), 15 * 60);
      expectAccountLimited(
        await signIn(user.email.toUpperCase(), user.password, stranger),
        15 * 60,
      );
      expectAccountLimited(await signIn(user.email, 'another wrong guess', stranger), 15 * 60);

      const unaffected = await signIn(other.email, other.password, stranger);
      expect(unaffected.statusCode).toBe(200);
      expect(userInfoSchema.parse(unaffected.json())).toMatchObject({ _id: other.id });
    });

    it("never locks the owner out with a stranger's failures: their right password signs in", async () => {
      const owner = await addUser(shop, { role: 'admin' });
      // Ten failures from each of three strangers, and more refused after them.
      for (const stranger of [freshAddress(), freshAddress(), freshAddress()]) {
        await failSignIns(owner.email, 10, stranger);
        expectAccountLimited(await signIn(owner.email, 'one more guess', stranger), 15 * 60);
      }
      const home = freshAddress();
      const signedIn = await signIn(owner.email, owner.password, home);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(userInfoSchema.parse(signedIn.json())).toMatchObject({ _id: owner.id });
    });

    it('limits an unknown email the same way, so the limit tells nothing about accounts', async () => {
      const email = uniqueEmail('no-such-account');
      const address = freshAddress();
      await failSignIns(email, 10, address);
      expectAccountLimited(await signIn(email, 'yet another guess', address), 15 * 60);
    });

    it('starts counting again after a successful sign-in', async () => {
      const user = await addUser(shop);
      const address = freshAddress();
      await failSignIns(user.email, 9, address);
      const success = await signIn(user.email, user.password, address);
      expect(success.statusCode).toBe(200);
      expect(userInfoSchema.parse(success.json())).toMatchObject({ _id: user.id });

      // Ten more failures are each a plain 401; only the attempt after them is refused.
      await failSignIns(user.email, 10, address);
      expectAccountLimited(await signIn(user.email, user.password, address), 15 * 60);
    });

    it('does not let a burst of simultaneous guesses from one address try more than 10 passwords', async () => {
      const user = await addUser(shop);
      const address = freshAddress();
      // 40 wrong guesses and then the right one, sent at once.
      const guesses = [
        ...Array.from({ length: 40 }, (_, index) => `guess-${index}`),
        user.password,
      ];
      const answers = await Promise.all(
        guesses.map((password) => signIn(user.email, password, address)),
      );
      const tally: Record<number, number> = {};
      for (const status of statusesOf(answers)) tally[status] = (tally[status] ?? 0) + 1;
      // Only 10 passwords may be checked; the right one came after 40 wrong ones.
      expect({ tally, right: answers[40]?.statusCode }).toEqual({
        tally: { 401: 10, 429: 31 },
        right: 429,
      });
      expectAccountLimited(answers[40] as LightMyRequestResponse, 15 * 60);
    });

    it('refuses the 101st attempt from one address, for any account', async () => {
      const user = await addUser(shop);
      const address = freshAddress();
      const attempts = await Promise.all(
        Array.from({ length: 100 }, (_, attempt) =>
          signIn(uniqueEmail(`from-one-address-${attempt}`), 'some password', address),
        ),
      );
      expect(new Set(statusesOf(attempts))).toEqual(new Set([401]));

      expectAddressLimited(await signIn(user.email, user.password, address));
      expect((await signIn(user.email, user.password, freshAddress())).statusCode).toBe(200);
    });

    it('counts the connection address, whatever X-Forwarded-For says', async () => {
      const address = freshAddress();
      const attempts = await Promise.all(
        Array.from({ length: 100 }, (_, attempt) =>
          signIn(uniqueEmail('spoofing'), 'some password', address, {
            'x-forwarded-for': `192.0.2.${attempt + 1}`,
          }),
        ),
      );
      expect(new Set(statusesOf(attempts))).toEqual(new Set([401]));
      expectAddressLimited(
        await signIn(uniqueEmail('spoofing'), 'some password', address, {
          'x-forwarded-for': '198.51.100.7',
        }),
      );
    });
  });

  describe('registering', () => {
    it('refuses the 21st registration from one address within the hour', async () => {
      const address = freshAddress();
      const registrations = await Promise.all(
        Array.from({ length: 20 }, (_, index) => register(uniqueEmail(`new-${index}`), address)),
      );
      expect(new Set(statusesOf(registrations))).toEqual(new Set([201]));

      const refusedEmail = uniqueEmail('one-too-many');
      expectAddressLimited(await register(refusedEmail, address));
      const stored = await shop.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', refusedEmail)
        .executeTakeFirst();
      expect(stored).toBeUndefined();

      const elsewhere = await register(uniqueEmail('from-elsewhere'), freshAddress());
      expect(elsewhere.statusCode).toBe(201);
      expect(userInfoSchema.parse(elsewhere.json())).toMatchObject({ isAdmin: false });
    });
  });

  describe('asking for a reset link', () => {
    it('allows 5 an hour per account, from any address, known or not', async () => {
      const user = await addUser(shop);
      const unknown = uniqueEmail('unknown-reset');
      for (const email of [user.email, unknown]) {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const response = await forgot(email);
          expect(response.statusCode, `${email}, request ${attempt + 1}`).toBe(200);
          expect(response.json()).toEqual(SENT);
        }
      }
      const knownRefused = await forgot(user.email.toUpperCase());
      const unknownRefused = await forgot(unknown);
      expectAccountLimited(knownRefused, 60 * 60);
      expectAccountLimited(unknownRefused, 60 * 60);
      expect(unknownRefused.json()).toEqual(knownRefused.json());

      const other = await addUser(shop);
      const unaffected = await forgot(other.email);
      expect(unaffected.statusCode).toBe(200);
      expect(unaffected.json()).toEqual(SENT);
    });

    it('allows 20 an hour per address', async () => {
      const address = freshAddress();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const response = await forgot(uniqueEmail(`reset-from-one-address-${attempt}`), address);
        expect(response.statusCode, `request ${attempt + 1}`).toBe(200);
        expect(response.json()).toEqual(SENT);
      }
      expectAddressLimited(await forgot(uniqueEmail('reset-one-too-many'), address));
      expect((await forgot(uniqueEmail('reset-elsewhere'))).statusCode).toBe(200);
    });
  });

  describe('changing the profile', () => {
    it('counts a wrong current password as a failed sign-in from that address', async () => {
      const user = await addUser(shop);
      const address = freshAddress();
      const update = (currentPassword: string) =>
        shop.app.inject({
          method: 'PUT',
          url: '/api/users/profile',
          headers: bearer(user.token),
          payload: {
            name: user.name,
            email: user.email,
            password: 'a new password',
            currentPassword,
          },
          remoteAddress: address,
        });
      const before = await shop.database.db
        .selectFrom('users')
        .select(['password_hash', 'session_version'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();

      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await update(`wrong current ${attempt}`);
        expect(response.statusCode, `failure ${attempt + 1}`).toBe(403);
        expect(response.json()).toEqual(WRONG_CURRENT);
      }
      expectAccountLimited(await update(user.password), 15 * 60);
      expectAccountLimited(await signIn(user.email, user.password, address), 15 * 60);

      const after = await shop.database.db
        .selectFrom('users')
        .select(['password_hash', 'session_version'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Behind a balancer, a guesser must not get 10 tries per instance: the count lives in Redis. */
describe.runIf(redisUrl)('per-account sign-in failures shared through Redis', () => {
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

  const signIn = (shop: TestShop, email: string, password: string, address: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress: address,
    });

  it('refuses the 11th attempt from one address on either instance after 5 failures on each', async () => {
    // A fresh account each run, as Redis keeps its counts between runs.
    const email = uniqueEmail('shared-count');
    const user = await addUser(first, { email });
    const address = freshAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const shop = attempt % 2 === 0 ? first : second;
      const response = await signIn(shop, email, `wrong-${attempt}`, address);
      expect(response.statusCode, `failure ${attempt + 1}`).toBe(401);
      expect(response.json()).toEqual(WRONG_PAIR);
    }
    expectAccountLimited(await signIn(first, email, user.password, address), 15 * 60);
    expectAccountLimited(await signIn(second, email, 'one more guess', address), 15 * 60);
    expect((await signIn(first, email, user.password, freshAddress())).statusCode).toBe(200);

    const other = await addUser(second);
    expect((await signIn(second, other.email, other.password, address)).statusCode).toBe(200);
  });
});
