import { SignJWT } from 'jose';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../../src/shared/accounts/users';
import {
  addUser,
  bearer,
  freshAddress,
  signIn,
  type TestUser,
} from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('customer accounts on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
  });
  afterAll(() => shop.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    { body, token }: { body?: unknown; token?: string } = {},
  ) =>
    shop.app.inject({
      method,
      url,
      payload: body as object,
      headers: token ? bearer(token) : {},
      remoteAddress: freshAddress(),
    });

  const storedUser = (email: string) =>
    shop.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  /** No answer ever carries a password or its hash. */
  const expectNoSecrets = (body: string) => {
    expect(body).not.toMatch(/password|argon2/i);
  };

  describe('registering', () => {
    it('makes a customer, signs them in and keeps the email lower-cased', async () => {
      const response = await call('POST', '/api/users', {
        body: { name: ' Ann Smith ', email: ' Ann@Example.com ', password: 'correct horse' },
      });
      expect(response.statusCode).toBe(201);
      expectNoSecrets(response.body);
      const info = z.strictObject(userInfoSchema.shape).parse(response.json());
      expect(info).toMatchObject({ name: 'Ann Smith', email: 'ann@example.com', isAdmin: false });
      const profile = await call('GET', '/api/users/profile', { token: info.token });
      expect(profile.json()).toEqual({
        _id: info._id,
        name: 'Ann Smith',
        email: 'ann@example.com',
        isAdmin: false,
        role: 'customer',
      });
      const row = await storedUser('ann@example.com');
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('needs no name', async () => {
      const response = await call('POST', '/api/users', {
        body: { email: 'noname@example.com', password: 'long enough' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: '', email: 'noname@example.com' });
    });

    it('refuses an email that is taken, however it is written', async () => {
      await call('POST', '/api/users', {
        body: { email: 'bea@example.com', password: 'password1' },
      });
      const again = await call('POST', '/api/users', {
        body: { name: 'Other', email: 'BEA@example.COM', password: 'password2' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        message: 'An account with that email address already exists',
        code: 'EMAIL_TAKEN',
      });
    });

    it('ignores isAdmin and other fields a customer may not set', async () => {
      const response = await call('POST', '/api/users', {
        body: {
          email: 'sneaky@example.com',
          password: 'password1',
          isAdmin: true,
          role: 'admin',
          _id: 'chosen-id',
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ isAdmin: false });
      expect(response.json<{ _id: string }>()._id).not.toBe('chosen-id');
      expect((await storedUser('sneaky@example.com'))?.role).toBe('customer');
    });

    it('refuses __proto__ in a body and makes no account', async () => {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { 'content-type': 'application/json' },
        payload:
          '{"email":"proto@example.com","password":"password1","__proto__":{"isAdmin":true}}',
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
      expect(await storedUser('proto@example.com')).toBeUndefined();
    });

    it.each([
      [
        { email: 'short@example.com', password: 'seven77' },
        'Passwords must be at least 8 characters',
      ],
      [
        { email: 'long@example.com', password: 'x'.repeat(201) },
        'Passwords must be at most 200 characters',
      ],
      [{ email: 'not-an-email', password: 'password1' }, 'Please enter a valid email address'],
      [{ password: 'password1' }, 'Please enter your email address'],
      [{ email: 'nopass@example.com' }, 'Please enter a password'],
      [{ email: { $ne: null }, password: 'password1' }, 'Please enter your email address'],
      [{ email: 'num@example.com', password: 12345678 }, 'Please enter a password'],
      [
        { name: 'x'.repeat(101), email: 'n@example.com', password: 'password1' },
        'That name is too long (100 characters at most)',
      ],
    ] as [object, string][])('refuses %j with 400 and stores nothing', async (body, message) => {
      const before = await shop.database.db.selectFrom('users').select('id').execute();
      const response = await call('POST', '/api/users', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
      const after = await shop.database.db.selectFrom('users').select('id').execute();
      expect(after.length).toBe(before.length);
    });
  });

  describe('signing in', () => {
    let customer: TestUser;
    beforeAll(async () => {
      customer = await addUser(shop, { email: 'cara@example.com' });
    });

    it('answers the user with a token for the right pair, whatever the email case', async () => {
      const response = await call('POST', '/api/users/login', {
        body: { email: 'CARA@example.com', password: customer.password },
      });
      expect(response.statusCode).toBe(200);
      expectNoSecrets(response.body);
      expect(z.strictObject(userInfoSchema.shape).parse(response.json())).toMatchObject({
        _id: customer.id,
        email: 'cara@example.com',
        isAdmin: false,
      });
    });

    it('gives the same answer for a wrong password and an unknown email', async () => {
      const wrongPassword = await call('POST', '/api/users/login', {
        body: { email: customer.email, password: 'not the password' },
      });
      const unknownEmail = await call('POST', '/api/users/login', {
        body: { email: 'nobody@example.com', password: 'not the password' },
      });
      for (const response of [wrongPassword, unknownEmail]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          message: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
        });
      }
    });

    it.each([
      [{ email: { $ne: null }, password: { $ne: null } }],
      [{ email: 'cara@example.com', password: { $ne: null } }],
      [{ email: ['cara@example.com'], password: 'x' }],
      [{ email: 'cara@example.com' }],
      [{ email: 'cara@example.com', password: '' }],
      [{}],
    ])('refuses %j with 400, never signing in', async (body) => {
      const response = await call('POST', '/api/users/login', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
      expect(response.body).not.toContain('token');
    });
  });

  describe('tokens', () => {
    let customer: TestUser;
    beforeAll(async () => {
      customer = await addUser(shop);
    });

    const profileWith = (authorization: string) =>
      shop.app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization } });

    const segments = (token: string) => token.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const decode = (part: string) =>
      JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

    it('lets a genuine token through', async () => {
      const response = await profileWith(`Bearer ${customer.token}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: customer.id });
    });

    it('refuses a call with no token', async () => {
      const response = await shop.app.inject({ method: 'GET', url: '/api/users/profile' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Please sign in to continue',
        code: 'UNAUTHENTICATED',
      });
    });

    it('refuses a token whose payload was changed', async () => {
      const other = await addUser(shop, { role: 'admin' });
      const [header, payload, signature] = segments(customer.token);
      const tampered = encode({ ...decode(payload), sub: other.id });
      const response = await profileWith(`Bearer ${header}.${tampered}.${signature}`);
      expect(response.statusCode).toBe(401);
      expect(response.json<{ code: string }>().code).toBe('UNAUTHENTICATED');
    });

    it('refuses an unsigned token (alg none)', async () => {
      const [, payload] = segments(customer.token);
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      expect((await profileWith(`Bearer ${unsigned}`)).statusCode).toBe(401);
    });

    it('refuses an expired token and one signed with another secret', async () => {
      const key = new TextEncoder().encode(shop.config.jwtSecret);
      const expired = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      const foreign = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.id)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a different secret of enough length!!'));
      const fresh = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.id)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      expect((await profileWith(`Bearer ${expired}`)).statusCode).toBe(401);
      expect((await profileWith(`Bearer ${foreign}`)).statusCode).toBe(401);
      // The same claims, properly signed, pass: the two refusals above are about expiry and key.
      expect((await profileWith(`Bearer ${fresh}`)).statusCode).toBe(200);
    });

    it('refuses a token with the secret that lacks an expiry or an issue time, or lasts over 30 days', async () => {
      const key = new TextEncoder().encode(shop.config.jwtSecret);
      const now = Math.floor(Date.now() / 1000);
      const signed = (claims: { iat?: number; exp?: number }) =>
        new SignJWT({ ver: 0, ...claims })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(customer.id)
          .sign(key);
      const day = 24 * 60 * 60;
      const refused = [
        await signed({ iat: now }),
        await signed({ exp: now + day }),
        await signed({ iat: now, exp: now + 10 * 365 * day }),
        await signed({ iat: now, exp: now + 30 * day + 1 }),
        // Made long ago, to last 30 days from then: still 'valid' by its own expiry.
        await signed({ iat: now - 60 * day, exp: now + day }),
      ];
      for (const token of refused) {
        expect((await profileWith(`Bearer ${token}`)).statusCode).toBe(401);
      }
      expect(
        (await profileWith(`Bearer ${await signed({ iat: now, exp: now + 30 * day })}`)).statusCode,
      ).toBe(200);
    });

    it.each(['a\u0000b', '\u0000', 'line\nbreak', '\u007f'])(
      'refuses a token with the secret whose subject %j no account could have (401)',
      async (subject) => {
        const token = await new SignJWT({ ver: 0 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(subject)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(shop.config.jwtSecret));
        const response = await profileWith(`Bearer ${token}`);
        expect(response.statusCode).toBe(401);
        expect(response.json<{ code: string }>().code).toBe('UNAUTHENTICATED');
      },
    );

    it.each(['', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a.b.c', `bearer${'x'.repeat(5000)}`])(
      'refuses the header %j with 401',
      async (header) => {
        expect((await profileWith(header)).statusCode).toBe(401);
      },
    );

    it("stops a deleted user's token at once", async () => {
      const doomed = await addUser(shop);
      expect((await profileWith(`Bearer ${doomed.token}`)).statusCode).toBe(200);
      await shop.database.db.deleteFrom('users').where('id', '=', doomed.id).execute();
      const response = await profileWith(`Bearer ${doomed.token}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Your session has ended, please sign in again',
        code: 'UNAUTHENTICATED',
      });
    });
  });

  describe('updating the profile', () => {
    it('changes the name without the current password and answers a working token', async () => {
      const user = await addUser(shop);
      const response = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: 'New Name', email: user.email },
      });
      expect(response.statusCode).toBe(200);
      expectNoSecrets(response.body);
      const info = userInfoSchema.parse(response.json());
      expect(info.name).toBe('New Name');
      expect((await call('GET', '/api/users/profile', { token: info.token })).json()).toMatchObject(
        { name: 'New Name' },
      );
      // Changing only the name ends no session.
      expect((await call('GET', '/api/users/profile', { token: user.token })).statusCode).toBe(200);
    });

    it('asks for the current password before changing the email, and checks it', async () => {
      const user = await addUser(shop);
      const without = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: user.name, email: 'changed@example.com' },
      });
      expect(without.statusCode).toBe(400);
      expect(without.json()).toMatchObject({
        message: 'Please enter your current password to change your email or password',
      });
      const wrong = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: user.name, email: 'changed@example.com', currentPassword: 'wrong one' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ message: 'Your current password is not correct' });
      expect(await storedUser('changed@example.com')).toBeUndefined();

      const right = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: user.name, email: 'Changed@Example.com', currentPassword: user.password },
      });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ email: 'changed@example.com' });
      expect(await signIn(shop, 'changed@example.com', user.password)).toBeTruthy();
    });

    it('refuses a new password without the current one, and changes nothing', async () => {
      const user = await addUser(shop);
      const response = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: user.name, email: user.email, password: 'brand new password' },
      });
      expect(response.statusCode).toBe(400);
      expect(await signIn(shop, user.email, user.password)).toBeTruthy();
    });

    it('changes the password and ends every other session', async () => {
      const user = await addUser(shop);
      const otherSession = await signIn(shop, user.email, user.password);
      const response = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: {
          name: user.name,
          email: user.email,
          password: 'brand new password',
          currentPassword: user.password,
        },
      });
      expect(response.statusCode).toBe(200);
      const { token } = userInfoSchema.parse(response.json());
      expect((await call('GET', '/api/users/profile', { token })).statusCode).toBe(200);
      for (const old of [user.token, otherSession]) {
        expect((await call('GET', '/api/users/profile', { token: old })).statusCode).toBe(401);
      }
      const oldPassword = await call('POST', '/api/users/login', {
        body: { email: user.email, password: user.password },
      });
      expect(oldPassword.statusCode).toBe(401);
      expect(await signIn(shop, user.email, 'brand new password')).toBeTruthy();
    });

    it('ignores isAdmin sent by a customer', async () => {
      const user = await addUser(shop);
      const response = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: user.name, email: user.email, isAdmin: true, role: 'admin' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ isAdmin: false });
      expect((await storedUser(user.email))?.role).toBe('customer');
    });

    it("refuses another account's email with 409", async () => {
      const user = await addUser(shop);
      const other = await addUser(shop);
      const response = await call('PUT', '/api/users/profile', {
        token: user.token,
        body: { name: user.name, email: other.email.toUpperCase(), currentPassword: user.password },
      });
      expect(response.statusCode).toBe(409);
      expect((await storedUser(user.email))?.id).toBe(user.id);
    });

    it.each([
      [{ email: 'x@example.com' }],
      [{ name: '', email: 'x@example.com' }],
      [{ name: 'Ok', email: 'nope' }],
      [{ name: 'Ok', email: 'x@example.com', password: 'short' }],
      [{ name: 42, email: 'x@example.com' }],
    ])('refuses %j with 400', async (body) => {
      const user = await addUser(shop);
      const response = await call('PUT', '/api/users/profile', { token: user.token, body });
      expect(response.statusCode).toBe(400);
      expect((await storedUser(user.email))?.name).toBe(user.name);
    });

    it('needs a token: a guest gets 401 whatever the body', async () => {
      const response = await call('PUT', '/api/users/profile', { body: { nonsense: true } });
      expect(response.statusCode).toBe(401);
    });
  });
});
