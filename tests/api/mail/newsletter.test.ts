import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterConsent } from '../../../src/server/db/migrations/011-newsletter-consent';
import { signedToken } from '../../../src/server/http/signed-links';
import { freshAddress } from '../../support/account-fixtures';
import { testDialects } from '../../support/databases';
import { outboxMailsTo, waitForMail, type MailMessage } from '../../support/mail-messages';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
const THANKS = { message: 'Thank you for subscribing' };
const CONFIRMED = { message: 'Your subscription is confirmed. Welcome to our letters!' };
const isConfirmation = (mail: MailMessage) =>
  mail.header('subject')?.startsWith('Please confirm your subscription') ?? false;
const isWelcome = (mail: MailMessage) =>
  mail.header('subject')?.startsWith('Welcome to letters') ?? false;
/** The token of the confirmation link in a mail's text. */
const confirmTokenIn = (mail: MailMessage | undefined) =>
  /https:\/\/shop\.example\.test\/newsletter\/confirm\/(\S+)/.exec(mail?.text ?? '')?.[1];

describe.each(testDialects())('the newsletter on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect, { PUBLIC_URL });
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
  describe('double opt-in', () => {
    const outbox = () => path.join(shop.config.dataDir, 'outbox');
    const mailsTo = (email: string) => outboxMailsTo(outbox(), email, 0);
    const confirm = (token: string) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/subscribers/confirm/${token}`,
        remoteAddress: '10.0.1.1',
      });
    const row = (email: string) =>
      shop.database.db
        .selectFrom('subscribers')
        .select(['id', 'confirmed_at'])
        .where('email', '=', email)
        .executeTakeFirst();
    const consentOf = async (email: string) => {
      const found = await row(email);
      return found?.confirmed_at == null ? null : new Date(found.confirmed_at).toISOString();
    };
    /** Signs up and answers the token of the confirmation link it was mailed. */
    async function signUp(email: string) {
      expect((await subscribe({ email }, freshAddress())).json()).toEqual(THANKS);
      const token = confirmTokenIn(await waitForMail(outbox(), email, isConfirmation));
      expect(token).toBeDefined();
      return token ?? '';
    }
    let sentinels = 0;
    /** A sign-up after everything before it: once its mail is out, earlier ones are too. */
    async function mailsSettled() {
      sentinels += 1;
      await signUp(`sentinel-${sentinels}@example.com`);
    }

    it('mails a new address only a link to confirm; the welcome comes once it is followed', async () => {
      const email = 'new-reader@example.com';
      const token = await signUp(email);
      const [asking] = await mailsTo(email);
      expect(asking?.text).toContain('If you did not ask, ignore this letter');
      // Asking is not marketing: no one-click unsubscribe headers.
      expect(asking?.header('list-unsubscribe')).toBeUndefined();
      expect(asking?.header('list-unsubscribe-post')).toBeUndefined();
      await mailsSettled();
      expect((await mailsTo(email)).map((mail) => mail.header('subject'))).toEqual([
        asking?.header('subject'),
      ]);
      expect(await consentOf(email)).toBeNull();

      const before = new Date().toISOString();
      const confirmed = await confirm(token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual(CONFIRMED);
      const consent = (await consentOf(email)) ?? 'none';
      expect(consent >= before && consent <= new Date().toISOString(), consent).toBe(true);
      const welcome = await waitForMail(outbox(), email, isWelcome);
      expect(welcome?.text).toContain('Thank you for confirming');
      expect(welcome?.header('list-unsubscribe')).toMatch(
        /^<https:\/\/shop\.example\.test\/unsubscribe\?token=[^>]+>, <mailto:[^>]+>$/,
      );

      // Confirming again answers the same, keeps the first consent time and mails nothing.
      const again = await confirm(token);
      expect([again.statusCode, again.json()]).toEqual([200, CONFIRMED]);
      expect(await consentOf(email)).toBe(consent);
      await mailsSettled();
      expect(await mailsTo(email)).toHaveLength(2);
    });

    it('answers the same for a new, a waiting and a confirmed address, and mails the confirmed one nothing', async () => {
      const email = 'known-reader@example.com';
      const answer = async () => {
        const response = await subscribe({ email }, freshAddress());
        return [response.statusCode, response.headers['content-type'], response.body];
      };
      const asNew = await answer();
      const asWaiting = await answer();
      const token = confirmTokenIn(await waitForMail(outbox(), email, isConfirmation)) ?? '';
      expect((await confirm(token)).statusCode).toBe(200);
      expect(await waitForMail(outbox(), email, isWelcome)).toBeDefined();
      const asConfirmed = await answer();
      expect(asNew).toEqual([201, 'application/json; charset=utf-8', JSON.stringify(THANKS)]);
      expect(asWaiting).toEqual(asNew);
      expect(asConfirmed).toEqual(asNew);
      await mailsSettled();
      // One link (asking again at once sends no second), one welcome, nothing after confirming.
      expect((await mailsTo(email)).map((mail) => mail.header('subject'))).toEqual([
        expect.stringMatching(/^Please confirm/),
        expect.stringMatching(/^Welcome/),
      ]);
      expect(
        await shop.database.db
          .selectFrom('subscribers')
          .select('email')
          .where('email', '=', email)
          .execute(),
      ).toHaveLength(1);
    });

    it('mails a waiting address the same link again once ten minutes have passed', async () => {
      const email = 'lost-the-link@example.com';
      const token = await signUp(email);
      const eleven = new Date(Date.now() - 11 * 60 * 1000).toISOString();
      await shop.database.db
        .updateTable('subscribers')
        .set({ confirmation_sent_at: eleven })
        .where('email', '=', email)
        .execute();
      expect((await subscribe({ email }, freshAddress())).json()).toEqual(THANKS);
      const mails = await outboxMailsTo(outbox(), email, 2);
      expect(mails.map(confirmTokenIn)).toEqual([token, token]);
      expect(await consentOf(email)).toBeNull();
    });

    it('refuses a link that is not genuine with 400, and confirms nothing', async () => {
      const email = 'tampered@example.com';
      const token = await signUp(email);
      const id = (await row(email))?.id ?? '';
      const forgeries = [
        `${token.slice(0, -2)}xx`,
        `other-id.${token.split('.')[1] ?? ''}`,
        'abc.def',
        'no-dot',
        // A genuine unsubscribe link's token is for another purpose.
        signedToken(shop.config.jwtSecret, 'unsubscribe', id),
      ];
      for (const forged of forgeries) {
        const response = await confirm(encodeURIComponent(forged));
        expect(response.statusCode, forged).toBe(400);
        expect(response.json()).toEqual({
          message: 'That confirmation link is not valid. Please subscribe again.',
          code: 'CONFIRMATION_LINK_INVALID',
        });
      }
      const tooLong = await confirm('x'.repeat(201));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(await consentOf(email)).toBeNull();
      await mailsSettled();
      expect((await mailsTo(email)).filter(isWelcome)).toEqual([]);
    });

    it('does not bring back an address that unsubscribed when its old link is followed', async () => {
      const email = 'changed-mind@example.com';
      const token = await signUp(email);
      const [asking] = await mailsTo(email);
      const unsubscribe = /\/unsubscribe\/(\S+)/.exec(asking?.text ?? '')?.[1] ?? '';
      const left = await shop.app.inject({
        method: 'POST',
        url: `/api/subscribers/unsubscribe/${unsubscribe}`,
      });
      expect(left.statusCode).toBe(200);
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'CONFIRMATION_LINK_INVALID' });
      expect(await row(email)).toBeUndefined();
    });

    it('keeps those who subscribed before double opt-in, as not yet confirmed', async () => {
      const consent = newsletterConsent(dialect);
      await consent.down?.(shop.database.db);
      const email = 'from-before@example.com';
      await shop.database.db
        .insertInto('subscribers')
        .values({ id: 'from-before', email, created_at: '2025-01-02T03:04:05.000Z' })
        .execute();
      await consent.up(shop.database.db);
      expect(await row(email)).toEqual({ id: 'from-before', confirmed_at: null });
      // Subscribing again mails them the link at once.
      const token = await signUp(email);
      expect((await confirm(token)).statusCode).toBe(200);
      expect(await consentOf(email)).not.toBeNull();
    });
  });
});
