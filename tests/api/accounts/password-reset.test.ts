import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../../src/shared/accounts/users';
import { addUser, bearer, freshAddress, type TestUser } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import {
  parseMail,
  resetTokenIn,
  waitForMail,
  type MailMessage,
} from '../../support/mail-messages';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://larkspur.example.test';
const SENT = { message: 'Password reset link has been sent' };
const DONE = { message: 'Password reset successfully completed' };
const INVALID_LINK = {
  message: 'This password reset link is not valid or has expired. Please ask for a new one.',
  code: 'RESET_LINK_INVALID',
};
const WRONG_PAIR = { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' };
const SESSION_ENDED = {
  message: 'Your session has ended, please sign in again',
  code: 'UNAUTHENTICATED',
};
const resetUrl = (token: string) => `/api/users/forgot-password/reset/${token}`;

/**
 * Calls the shop from an address of its own, so no per-address limit is ever reached, unless
 * told where from.
 */
const call = (
  shop: TestShop,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  remoteAddress = freshAddress(),
) =>
  shop.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress,
  });

const forgot = (shop: TestShop, email: unknown) =>
  call(shop, 'POST', '/api/users/forgot-password', { email });

const outboxFiles = async (shop: TestShop): Promise<string[]> => {
  const names = await readdir(path.join(shop.config.dataDir, 'outbox')).catch(() => []);
  return names.filter((name) => name.endsWith('.eml')).sort();
};

/**
 * The mails to `to` written to the outbox since `before`, once one has arrived: mails go out in
 * the background, after the answer, and one an earlier test asked for, to someone else, may still
 * be arriving.
 */
async function mailsSince(shop: TestShop, before: string[], to: string): Promise<MailMessage[]> {
  const deadline = Date.now() + 5000;
  const outbox = path.join(shop.config.dataDir, 'outbox');
  const read = new Map<string, MailMessage>();
  for (;;) {
    for (const name of await outboxFiles(shop)) {
      if (before.includes(name) || read.has(name)) continue;
      read.set(name, parseMail(await readFile(path.join(outbox, name))));
    }
    const toThem = [...read.values()].filter((mail) => mail.header('to') === to);
    if (toThem.length > 0) return toThem;
    if (Date.now() > deadline) throw new Error(`expected a new mail to ${to}`);
    await sleep(20);
  }
}

/** Marker accounts' addresses: their mails only say when the outbox has caught up. */
const MARKER = /^outbox-marker-/;

/**
 * The outbox's files once every mail asked for until now has gone out. A reset link is asked for
 * a fresh account, a marker, and the outbox sends mails in the order they were stored: once the
 * marker's mail is there, so is any mail stored before it, and a mail missing then was never sent.
 */
async function settledOutbox(shop: TestShop): Promise<string[]> {
  const marker = await addUser(shop, {
    email: `outbox-marker-${randomBytes(6).toString('hex')}@example.com`,
  });
  expect((await forgot(shop, marker.email)).statusCode).toBe(200);
  const outbox = path.join(shop.config.dataDir, 'outbox');
  expect(await waitForMail(outbox, marker.email, () => true)).toBeDefined();
  return outboxFiles(shop);
}

/**
 * The mails sent since `before`, a settled outbox, once every mail asked for until now has gone
 * out; the markers' mails are left out.
 */
async function mailsSettledSince(shop: TestShop, before: string[]): Promise<MailMessage[]> {
  const outbox = path.join(shop.config.dataDir, 'outbox');
  const mails = await Promise.all(
    (await settledOutbox(shop))
      .filter((name) => !before.includes(name))
      .map(async (name) => parseMail(await readFile(path.join(outbox, name)))),
  );
  return mails.filter((mail) => !MARKER.test(mail.header('to') ?? ''));
}

/** Asks for a reset link for the user and answers the token in the mail it gets. */
async function askForReset(shop: TestShop, email: string): Promise<string> {
  const before = await outboxFiles(shop);
  const response = await forgot(shop, email);
  expect(response.statusCode).toBe(200);
  const [mail, ...others] = await mailsSince(shop, before, email);
  expect(others).toEqual([]);
  const token = resetTokenIn(mail?.text, PUBLIC_URL);
  if (!token) throw new Error(`no reset link in the mail:\n${mail?.text}`);
  return token;
}

describe.each(testDialects())('password reset on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL });
  });
  afterAll(() => shop.close());

  const checkLink = (token: string) => call(shop, 'GET', resetUrl(token));
  const chooseNew = (
    token: string,
    password: string,
    resetLink: string = token,
    address = freshAddress(),
  ) => call(shop, 'POST', resetUrl(token), { resetLink, password }, address);
  const signIn = (email: string, password: string, address = freshAddress()) =>
    call(shop, 'POST', '/api/users/login', { email, password }, address);
  const profile = (token: string) =>
    shop.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

  const storedUser = (id: string) =>
    shop.database.db
      .selectFrom('users')
      .select(['password_hash', 'session_version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const storedResets = (userId: string) =>
    shop.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  const expireResets = (userId: string) =>
    shop.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', userId)
      .execute();

  /** Signs in with the password and answers the status, expecting the right body for it. */
  async function signInStatus(
    user: TestUser | { email: string },
    password: string,
    address = freshAddress(),
  ) {
    const response = await signIn(user.email, password, address);
    if (response.statusCode === 200) {
      expect(userInfoSchema.parse(response.json())).toMatchObject({ email: user.email });
    } else if (response.statusCode === 401) {
      expect(response.json()).toEqual(WRONG_PAIR);
    }
    return response.statusCode;
  }

  describe('asking for a link', () => {
    it('answers the same for a known, an unknown and a differently-cased known email', async () => {
      const user = await addUser(shop);
      const known = await forgot(shop, user.email);
      const unknown = await forgot(shop, 'nobody-at-all@example.com');
      const cased = await forgot(shop, `  ${user.email.toUpperCase()} `);
      for (const response of [known, unknown, cased]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(SENT);
        expect(response.headers['content-type']).toBe(known.headers['content-type']);
      }
      expect(unknown.body).toBe(known.body);
      expect(cased.body).toBe(known.body);
    });

    const badBodies = [
      [{}, 'no email'],
      [{ email: '' }, 'an empty email'],
      [{ email: 'not-an-email' }, 'a malformed email'],
      [{ email: 42 }, 'a number'],
      [{ email: { $ne: null } }, 'an object'],
      [{ email: ['a@example.com'] }, 'a list'],
    ] as [object, string][];

    it.each(badBodies)('refuses %j (%s) with 400 VALIDATION_FAILED', async (body) => {
      const response = await call(shop, 'POST', '/api/users/forgot-password', body);
      expect(response.statusCode).toBe(400);
      const answer = response.json<{ message: string; code: string }>();
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(answer.message).toMatch(/^Please enter (your|a valid) email address$/);
      expect(answer).toMatchObject({ errors: [{ path: 'email' }] });
    });

    it('mails nobody for a body it refuses, though accounts exist', async () => {
      await addUser(shop);
      const before = await settledOutbox(shop);
      for (const [body] of badBodies) {
        expect((await call(shop, 'POST', '/api/users/forgot-password', body)).statusCode).toBe(400);
      }
      expect(await mailsSettledSince(shop, before)).toEqual([]);
    });
  });

  describe('the mail', () => {
    it('goes to the outbox as one .eml file for a known email and none for an unknown one', async () => {
      const user = await addUser(shop, { name: 'Ann Reader' });
      const before = await settledOutbox(shop);
      expect((await forgot(shop, 'unknown-reader@example.com')).statusCode).toBe(200);
      expect((await forgot(shop, user.email)).statusCode).toBe(200);
      const mails = await mailsSettledSince(shop, before);
      expect(mails).toHaveLength(1);
      const [mail] = mails as [MailMessage];
      expect(mail.header('from')).toMatch(/^Larkspur <[^<>\s]+@[^<>\s]+>$/);
      expect(mail.header('to')).toBe(user.email);
      expect(mail.header('subject')).toMatch(/reset/i);
      expect(mail.text).toContain('Hello Ann Reader,');
      const token = resetTokenIn(mail.text, PUBLIC_URL);
      expect(token).toBeDefined();
      expect(mail.text).toContain(`${PUBLIC_URL}/password-reset/reset/${token}`);
      expect(mail.html).toContain(`href="${PUBLIC_URL}/password-reset/reset/${token}"`);
    });

    it('mails the account for a differently-cased email too', async () => {
      const user = await addUser(shop);
      const before = await outboxFiles(shop);
      expect((await forgot(shop, user.email.toUpperCase())).statusCode).toBe(200);
      const [mail] = await mailsSince(shop, before, user.email);
      expect(mail?.header('to')).toBe(user.email);
      expect(resetTokenIn(mail?.text, PUBLIC_URL)).toBeDefined();
    });

    it('carries a random token of at least 128 bits that is stored only as a hash, for an hour', async () => {
      const user = await addUser(shop);
      const first = await askForReset(shop, user.email);
      const second = await askForReset(shop, user.email);
      for (const token of [first, second]) {
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(token.length).toBeGreaterThanOrEqual(43);
        expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
      }
      expect(second).not.toBe(first);
      const rows = await storedResets(user.id);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          const stored = value instanceof Date ? value.toISOString() : String(value);
          expect(stored).not.toContain(first);
          expect(stored).not.toContain(second);
        }
        const expiresIn = new Date(row.expires_at).getTime() - Date.now();
        expect(expiresIn).toBeGreaterThan(55 * 60_000);
        expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
        expect(row.used_at).toBeNull();
      }
    });
  });

  describe('checking a link', () => {
    it('answers 200 for a link that can be used', async () => {
      const user = await addUser(shop);
      const response = await checkLink(await askForReset(shop, user.email));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: expect.stringMatching(/\w/) as unknown });
    });

    it('answers 400 with a readable message for an unknown token', async () => {
      const response = await checkLink('c29tZS10b2tlbi10aGF0LXdhcy1uZXZlci1naXZlbi1vdXQ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
    });

    it('answers 400 for an over-long token, without a server error', async () => {
      const response = await checkLink('a'.repeat(201));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: expect.stringMatching(/\w/) as unknown,
        code: expect.stringMatching(/^(BAD_REQUEST|VALIDATION_FAILED)$/) as unknown,
      });
    });

    it('answers 400 for an expired link', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      await expireResets(user.id);
      const response = await checkLink(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
    });

    it('answers 400 for a link that was used', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      expect((await chooseNew(token, 'a brand new password')).statusCode).toBe(200);
      const response = await checkLink(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
    });
  });

  describe('choosing a new password', () => {
    it('sets it, so only the new password signs in and every earlier session ends', async () => {
      const user = await addUser(shop);
      expect((await profile(user.token)).statusCode).toBe(200);
      const token = await askForReset(shop, user.email);

      const response = await chooseNew(token, 'my new password');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(DONE);

      expect(await signInStatus(user, 'my new password')).toBe(200);
      expect(await signInStatus(user, user.password)).toBe(401);
      const oldSession = await profile(user.token);
      expect(oldSession.statusCode).toBe(401);
      expect(oldSession.json()).toEqual(SESSION_ENDED);
      const fresh = userInfoSchema.parse((await signIn(user.email, 'my new password')).json());
      const newSession = await profile(fresh.token);
      expect(newSession.statusCode).toBe(200);
      expect(newSession.json()).toMatchObject({ _id: user.id, email: user.email });
    });

    it('takes a link once: a second use is 400 and changes nothing', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      expect((await chooseNew(token, 'first new password')).statusCode).toBe(200);
      const afterFirst = await storedUser(user.id);

      const again = await chooseNew(token, 'second new password');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_LINK);
      expect(await storedUser(user.id)).toEqual(afterFirst);
      expect(await signInStatus(user, 'first new password')).toBe(200);
      expect(await signInStatus(user, 'second new password')).toBe(401);
    });

    it("spends the user's other, earlier links too", async () => {
      const user = await addUser(shop);
      const earlier = await askForReset(shop, user.email);
      const later = await askForReset(shop, user.email);
      expect((await checkLink(earlier)).statusCode).toBe(200);

      expect((await chooseNew(later, 'password from the later link')).statusCode).toBe(200);
      const check = await checkLink(earlier);
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual(INVALID_LINK);
      const use = await chooseNew(earlier, 'password from the earlier link');
      expect(use.statusCode).toBe(400);
      expect(use.json()).toEqual(INVALID_LINK);
      expect(await signInStatus(user, 'password from the later link')).toBe(200);
      expect(await signInStatus(user, 'password from the earlier link')).toBe(401);
    });

    it('refuses an expired link and leaves the password as it was', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      await expireResets(user.id);
      const before = await storedUser(user.id);

      const response = await chooseNew(token, 'too late a password');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
      expect(await storedUser(user.id)).toEqual(before);
      expect(await signInStatus(user, user.password)).toBe(200);
      expect(await signInStatus(user, 'too late a password')).toBe(401);
    });

    it('refuses a password of 7 characters and leaves the link usable', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      const before = await storedUser(user.id);

      const response = await chooseNew(token, 'seven77');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Passwords must be at least 8 characters',
        code: 'VALIDATION_FAILED',
      });
      expect(await storedUser(user.id)).toEqual(before);
      expect((await checkLink(token)).statusCode).toBe(200);
      expect((await chooseNew(token, 'eight888')).statusCode).toBe(200);
      expect(await signInStatus(user, 'eight888')).toBe(200);
    });

    it('refuses a resetLink in the body that is not the token in the address', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      const other = await askForReset(shop, user.email);
      const before = await storedUser(user.id);

      for (const resetLink of [other, `${token}x`, 'something-else']) {
        const response = await chooseNew(token, 'mismatched password', resetLink);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(INVALID_LINK);
      }
      expect(await storedUser(user.id)).toEqual(before);
      expect((await checkLink(token)).statusCode).toBe(200);
      expect((await checkLink(other)).statusCode).toBe(200);
    });

    it('lets exactly one of two simultaneous uses of a link through', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      const answers = await Promise.all([
        chooseNew(token, 'racing password one'),
        chooseNew(token, 'racing password two'),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400]);
      expect(answers.find((answer) => answer.statusCode === 400)?.json()).toEqual(INVALID_LINK);
      const winner = answers[0].statusCode === 200 ? 'one' : 'two';
      const loser = winner === 'one' ? 'two' : 'one';
      expect(await signInStatus(user, `racing password ${winner}`)).toBe(200);
      expect(await signInStatus(user, `racing password ${loser}`)).toBe(401);
      expect((await storedUser(user.id)).session_version).toBe(1);
    });

    it("forgets the account's failed sign-ins from where it was reset, so the new password works at once", async () => {
      const user = await addUser(shop);
      const home = freshAddress();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect(await signInStatus(user, `wrong guess ${attempt}`, home)).toBe(401);
      }
      const locked = await signIn(user.email, user.password, home);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });

      const token = await askForReset(shop, user.email);
      expect((await chooseNew(token, 'after the lock-out', token, home)).statusCode).toBe(200);
      expect(await signInStatus(user, 'after the lock-out', home)).toBe(200);
    });

    const updateProfile = (user: TestUser, changes: Record<string, string>) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: bearer(user.token),
        payload: { name: user.name, email: user.email, currentPassword: user.password, ...changes },
        remoteAddress: freshAddress(),
      });

    it("dies when the account's email changes, so a link mailed to the old address is spent", async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      const moved = await updateProfile(user, { email: `moved-${user.email}` });
      expect(moved.statusCode, moved.body).toBe(200);
      const before = await storedUser(user.id);

      expect((await checkLink(token)).json()).toEqual(INVALID_LINK);
      const use = await chooseNew(token, 'taken over password');
      expect(use.statusCode).toBe(400);
      expect(use.json()).toEqual(INVALID_LINK);
      expect((await storedUser(user.id)).password_hash).toBe(before.password_hash);
    });

    it('dies when the password changes in the profile', async () => {
      const user = await addUser(shop);
      const token = await askForReset(shop, user.email);
      const changed = await updateProfile(user, { password: 'a password of my own' });
      expect(changed.statusCode, changed.body).toBe(200);

      expect((await chooseNew(token, 'an older plan')).json()).toEqual(INVALID_LINK);
      expect(await signInStatus(user, 'a password of my own')).toBe(200);
    });

    it('dies when an admin changes the email, and lives on through a change of name', async () => {
      const user = await addUser(shop);
      const admin = await addUser(shop, { role: 'admin' });
      const token = await askForReset(shop, user.email);
      const adminUpdate = (email: string, name: string) =>
        shop.app.inject({
          method: 'PUT',
          url: `/api/users/${user.id}`,
          headers: bearer(admin.token),
          payload: { name, email, isAdmin: false },
        });

      expect((await adminUpdate(user.email, 'Renamed Only')).statusCode).toBe(200);
      expect((await checkLink(token)).statusCode).toBe(200);
      expect((await adminUpdate(`new-${user.email}`, 'Renamed Only')).statusCode).toBe(200);
      expect((await checkLink(token)).json()).toEqual(INVALID_LINK);
    });
  });

  describe('the logs', () => {
    let logged: TestShop;
    const lines: string[] = [];

    beforeAll(async () => {
      logged = await startTestShop(
        dialect,
        { PUBLIC_URL, LOG_LEVEL: 'info' },
        { logStream: { write: (line) => void lines.push(line) } },
      );
    });
    afterAll(() => logged.close());

    const loggedUrls = () =>
      lines
        .map((line) => JSON.parse(line) as { req?: { url?: string } })
        .flatMap((entry) => (entry.req?.url === undefined ? [] : [entry.req.url]));

    it('never hold a reset token: the API calls are logged with [token] in its place', async () => {
      const user = await addUser(logged);
      const token = await askForReset(logged, user.email);
      expect((await call(logged, 'GET', resetUrl(token))).statusCode).toBe(200);
      const reset = await call(logged, 'POST', resetUrl(token), {
        resetLink: token,
        password: 'a logged-out password',
      });
      expect(reset.statusCode).toBe(200);
      // A used token is still a secret worth keeping out of the logs.
      expect((await call(logged, 'GET', `${resetUrl(token)}?again=1`)).statusCode).toBe(400);

      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toContain(token);
      const urls = loggedUrls();
      expect(urls).toContain('/api/users/forgot-password/reset/[token]');
      expect(urls.filter((url) => url.includes('/forgot-password/reset/'))).toEqual([
        '/api/users/forgot-password/reset/[token]',
        '/api/users/forgot-password/reset/[token]',
        '/api/users/forgot-password/reset/[token]?again=1',
      ]);
    });

    it("never hold a reset token from the mail's link, when a shopper opens its page", async () => {
      const user = await addUser(logged);
      const token = await askForReset(logged, user.email);
      const link = new URL(`${PUBLIC_URL}/password-reset/reset/${token}`);
      // The browser asks the shop for the page the mail links to.
      await logged.app.inject({ method: 'GET', url: link.pathname, remoteAddress: freshAddress() });
      expect(loggedUrls()).toContain('/password-reset/reset/[token]');
      for (const line of lines) expect(line).not.toContain(token);
    });
  });
});
