import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../../src/shared/accounts/users';
import { emailProofStateSchema, yourDataSchema } from '../../../src/shared/accounts/your-data';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { waitForMail } from '../../support/mail-messages';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
const PROOF_SUBJECT = 'Confirm your email address for Larkspur';

describe.each(testDialects())(
  'records kept by email join an account only once it proves the address, on %s',
  (dialect) => {
    let shop: TestShop;
    let admin: TestUser;
    const call = apiCaller(() => shop);
    let sequence = 0;

    beforeAll(async () => {
      shop = await startTestShop(dialect, { PUBLIC_URL });
      admin = await addUser(shop, { role: 'admin' });
    });
    afterAll(() => shop.close());

    const freshEmail = () => {
      sequence += 1;
      return `victoria${sequence}-${Date.now()}@example.com`;
    };

    /** V signs up to the newsletter and a back-in-stock alert, without any account. */
    async function signUpByEmail(email: string) {
      const subscribed = await shop.app.inject({
        method: 'POST',
        url: '/api/subscribers',
        payload: { email },
        remoteAddress: freshAddress(),
      });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      const soldOut = await addProduct(shop.database, { name: 'Lost Locket', countInStock: 0 });
      const alert = await shop.app.inject({
        method: 'POST',
        url: `/api/products/${soldOut.id}/alerts`,
        payload: { email },
        remoteAddress: freshAddress(),
      });
      expect(alert.statusCode, alert.body).toBe(201);
    }

    async function register(email: string) {
      const answer = await shop.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Mallory', email, password: 'mallory-password' },
        remoteAddress: freshAddress(),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return userInfoSchema.parse(answer.json());
    }

    const dataOf = async (token: string) =>
      yourDataSchema.parse((await call('GET', '/api/users/profile/data', token)).json());

    const keptByEmail = async (email: string) => {
      const { db } = shop.database;
      const [subscribers, alerts] = await Promise.all([
        db.selectFrom('subscribers').select('email').where('email', '=', email).execute(),
        db.selectFrom('stock_alerts').select('email').where('email', '=', email).execute(),
      ]);
      return { subscribers: subscribers.length, alerts: alerts.length };
    };

    const outbox = () => path.join(shop.config.dataDir, 'outbox');

    /** The token of the proof link mailed to an address (waiting for the mail to go). */
    async function proofTokenFor(email: string): Promise<string> {
      const mail = await waitForMail(
        outbox(),
        email,
        (each) => each.header('subject') === PROOF_SUBJECT,
      );
      const token = /\/account\/confirm-email\?token=(\S+)/.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`no proof link was mailed to ${email}`);
      return decodeURIComponent(token);
    }

    it('does not show or remove what another person signed up for with the email an account registered with', async () => {
      const email = freshEmail();
      await signUpByEmail(email);
      const mallory = await register(email);
      const data = await dataOf(mallory.token);
      expect(data).toMatchObject({ emailProved: false, newsletter: null, stockAlerts: [] });
      const closed = await call('DELETE', '/api/users/profile', mallory.token, {
        password: 'mallory-password',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await keptByEmail(email)).toEqual({ subscribers: 1, alerts: 1 });
    });

    it('does not show or remove them after a change of email to that address either', async () => {
      const email = freshEmail();
      await signUpByEmail(email);
      const mallory = await addUser(shop, { name: 'Mallory' });
      const changed = await call('PUT', '/api/users/profile', mallory.token, {
        name: 'Mallory',
        email,
        currentPassword: mallory.password,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const { token } = userInfoSchema.parse(changed.json());
      expect(await dataOf(token)).toMatchObject({
        emailProved: false,
        newsletter: null,
        stockAlerts: [],
      });
      expect(
        (await call('DELETE', '/api/users/profile', token, { password: mallory.password }))
          .statusCode,
      ).toBe(200);
      expect(await keptByEmail(email)).toEqual({ subscribers: 1, alerts: 1 });
    });

    it('counts them as the account’s once the link mailed to the address is followed', async () => {
      const email = freshEmail();
      await signUpByEmail(email);
      const victoria = await register(email);
      const proofState = async () =>
        emailProofStateSchema.parse(
          (await call('GET', '/api/users/profile/email-proof', victoria.token)).json(),
        );
      expect(await proofState()).toEqual({ email, proved: false });
      const token = await proofTokenFor(email);
      const proved = await call('POST', '/api/users/email-proof', undefined, { token });
      expect(proved.statusCode, proved.body).toBe(200);
      expect(proved.json()).toEqual({ message: 'Thank you: your email address is confirmed' });
      expect(await proofState()).toEqual({ email, proved: true });
      const data = await dataOf(victoria.token);
      expect(data.emailProved).toBe(true);
      expect(data.newsletter).toMatchObject({ confirmedAt: null });
      expect(data.stockAlerts).toHaveLength(1);
      const closed = await call('DELETE', '/api/users/profile', victoria.token, {
        password: 'mallory-password',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await keptByEmail(email)).toEqual({ subscribers: 0, alerts: 0 });
    });

    it('refuses a tampered link, and one mailed to an address the account has left', async () => {
      const email = freshEmail();
      const user = await register(email);
      const token = await proofTokenFor(email);
      for (const bad of [`${token}x`, token.replace(/^[^.]+/, admin.id), 'nonsense', '.']) {
        const refused = await call('POST', '/api/users/email-proof', undefined, { token: bad });
        expect(refused.statusCode, bad).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'PROOF_LINK_INVALID' });
      }
      for (const body of [{}, { token: 42 }, { token: '' }]) {
        expect((await call('POST', '/api/users/email-proof', undefined, body)).statusCode).toBe(
          400,
        );
      }
      const changed = await call('PUT', '/api/users/profile', user.token, {
        name: 'Mallory',
        email: freshEmail(),
        currentPassword: 'mallory-password',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const stale = await call('POST', '/api/users/email-proof', undefined, { token });
      expect(stale.json()).toMatchObject({ code: 'PROOF_LINK_INVALID' });
      const state = await call(
        'GET',
        '/api/users/profile/email-proof',
        userInfoSchema.parse(changed.json()).token,
      );
      expect(state.json()).toMatchObject({ proved: false });
    });

    it('mails a new link when asked, a few times an hour, and counts a password reset as proof', async () => {
      const email = freshEmail();
      const user = await register(email);
      const asked = await call('POST', '/api/users/profile/email-proof', user.token);
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json()).toEqual({
        message: `We have sent a link to ${email}: open it to confirm your address`,
      });
      let last = asked;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        last = await call('POST', '/api/users/profile/email-proof', user.token);
      }
      expect(last.statusCode).toBe(429);
      expect((await call('POST', '/api/users/profile/email-proof')).statusCode).toBe(401);

      const forgot = await shop.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email },
        remoteAddress: freshAddress(),
      });
      expect(forgot.statusCode).toBe(200);
      const resetMail = await waitForMail(
        outbox(),
        email,
        (each) => each.header('subject')?.startsWith('Reset your') ?? false,
      );
      const resetToken = /\/password-reset\/reset\/(\S+)/.exec(resetMail?.text ?? '')?.[1];
      const reset = await shop.app.inject({
        method: 'POST',
        url: `/api/users/forgot-password/reset/${resetToken}`,
        payload: { password: 'a-brand-new-password' },
        remoteAddress: freshAddress(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const signedIn = await shop.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'a-brand-new-password' },
        remoteAddress: freshAddress(),
      });
      const state = await call(
        'GET',
        '/api/users/profile/email-proof',
        userInfoSchema.parse(signedIn.json()).token,
      );
      expect(state.json()).toEqual({ email, proved: true });
    });

    it('takes a closed customer’s name and email out of the audit log’s entries about them', async () => {
      const customer = await addUser(shop, { name: 'Audrey Audit' });
      const renamed = await call('PUT', `/api/users/${customer.id}`, admin.token, {
        name: 'Audrey Audit-Smith',
        email: customer.email,
        role: 'customer',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const before = await call(
        'GET',
        `/api/audit?q=${encodeURIComponent(customer.email)}`,
        admin.token,
      );
      expect(before.json()).toMatchObject({ entries: [{ target: { label: customer.email } }] });
      const closed = await call('DELETE', '/api/users/profile', customer.token, {
        password: customer.password,
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const log = await call('GET', `/api/audit?q=${encodeURIComponent(customer.id)}`, admin.token);
      expect(log.statusCode).toBe(200);
      expect(log.json()).toMatchObject({
        entries: [
          {
            action: 'user.updated',
            target: { type: 'user', id: customer.id, label: 'A former customer' },
            before: {},
            after: {},
          },
        ],
      });
      expect(log.body).not.toContain(customer.email);
      expect(log.body).not.toContain('Audrey');
      const byEmail = await call(
        'GET',
        `/api/audit?q=${encodeURIComponent(customer.email)}`,
        admin.token,
      );
      expect(byEmail.json()).toMatchObject({ entries: [] });
    });
  },
);
