import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents as consentsMigration } from '../../../src/server/db/migrations/043-consents';
import { CONSENT_WORDING, type Consent } from '../../../src/shared/consents/consents';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { parseMail, type MailMessage } from '../../support/mail-messages';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
const UNSUBSCRIBED = { message: 'You have been unsubscribed. We will not write again.' };
const ONE_CLICK_POST = 'List-Unsubscribe=One-Click';
/** A marketing mail's List-Unsubscribe as RFC 8058 asks: the https link, then a mailto. */
const LIST_UNSUBSCRIBE = /^<(https:\/\/[^>]+)>, <(mailto:[^>]+)>$/;

const standing = (purpose: Consent['purpose'], source: Consent['source']) => ({
  purpose,
  source,
  wording: (CONSENT_WORDING[purpose] as Record<string, string>)[source],
  givenAt: expect.any(String) as unknown,
  withdrawnAt: null,
});
const withdrawn = (purpose: Consent['purpose'], source: Consent['source']) => ({
  ...standing(purpose, source),
  withdrawnAt: expect.any(String) as unknown,
});

describe.each(testDialects())('consent to marketing mail on %s', (dialect) => {
  let shop: TestShop;
  let smtp: SmtpStandIn;
  let admin: TestUser;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    shop = await startTestShop(dialect, { PUBLIC_URL, SMTP_URL: smtp.url });
    admin = await addUser(shop, { role: 'admin' });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  /** The first mail the relay took for an address whose subject starts so, waiting for it. */
  async function relayed(to: string, subject: string): Promise<MailMessage> {
    for (let tries = 0; tries < 200; tries += 1) {
      const found = smtp.accepted.find(
        (mail) => mail.to.includes(to) && mail.subject.startsWith(subject),
      );
      if (found) return parseMail(found.raw);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail "${subject}…" to ${to}`);
  }

  const consentsOf = async (user: TestUser) => {
    const response = await call('GET', '/api/users/profile/consents', user.token);
    expect(response.statusCode).toBe(200);
    return response.json<Consent[]>();
  };
  const tick = (user: TestUser, body: unknown) =>
    call('PUT', '/api/users/profile/consents', user.token, body);
  const subscriberOf = (email: string) =>
    shop.database.db
      .selectFrom('subscribers')
      .select(['source', 'confirmed_at'])
      .where('email', '=', email)
      .executeTakeFirst();
  const storedConsents = (email: string) =>
    shop.database.db
      .selectFrom('consents')
      .select(['purpose', 'source', 'withdrawn_at'])
      .where('email', '=', email)
      .orderBy('given_at')
      .execute();

  /** Signs an address up in the footer and follows the mailed link. */
  async function signUpInFooter(email: string) {
    const subscribed = await shop.app.inject({
      method: 'POST',
      url: '/api/subscribers',
      payload: { email },
      remoteAddress: freshAddress(),
    });
    expect(subscribed.statusCode).toBe(201);
    const asking = await relayed(email, 'Please confirm');
    // Asking is not marketing: neither header.
    expect(asking.header('list-unsubscribe')).toBeUndefined();
    expect(asking.header('list-unsubscribe-post')).toBeUndefined();
    const token = /\/newsletter\/confirm\/(\S+)/.exec(asking.text ?? '')?.[1] ?? '';
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/subscribers/confirm/${token}`,
      remoteAddress: freshAddress(),
    });
    expect(confirmed.statusCode).toBe(200);
  }

  /** A mail's unsubscribe links, checked as a mailbox provider reads them. */
  function oneClickLinks(mail: MailMessage) {
    expect(mail.header('list-unsubscribe-post')).toBe(ONE_CLICK_POST);
    const [, https = '', mailto = ''] =
      LIST_UNSUBSCRIBE.exec(mail.header('list-unsubscribe') ?? '') ?? [];
    expect(https).toMatch(/^https:\/\/shop\.example\.test\/unsubscribe\?token=\S+$/);
    return { https, mailto };
  }

  /** POSTs to the https link as Gmail does: a form saying One-Click, no cookie, no token header. */
  const postAsMailbox = (https: string) => {
    const link = new URL(https);
    return fetch(`${shop.baseUrl}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: ONE_CLICK_POST,
    });
  };

  it('gives nothing by default: a new account has no consent, in its page or its download', async () => {
    const customer = await addUser(shop, { proved: true });
    expect(await consentsOf(customer)).toEqual([]);
    const data = await call('GET', '/api/users/profile/data', customer.token);
    expect(data.json<{ consents: Consent[] }>().consents).toEqual([]);
  });

  it('records a footer sign-up as a newsletter consent, in the footer’s words, once confirmed', async () => {
    const customer = await addUser(shop, { proved: true });
    await signUpInFooter(customer.email);
    expect(await consentsOf(customer)).toEqual([standing('newsletter', 'footer')]);
    const list = await call('GET', '/api/subscribers?pageNumber=1', admin.token);
    const row = list
      .json<{ subscribers: { email: string; source: string; confirmedAt: string | null }[] }>()
      .subscribers.find((subscriber) => subscriber.email === customer.email);
    expect(row).toEqual(
      expect.objectContaining({ source: 'footer', confirmedAt: expect.any(String) as unknown }),
    );
  });

  it('puts one-click headers on the welcome letter, and a mailbox’s POST withdraws at once', async () => {
    const customer = await addUser(shop, { proved: true });
    await signUpInFooter(customer.email);
    const welcome = await relayed(customer.email, 'Welcome to letters');
    const { https, mailto } = oneClickLinks(welcome);
    const settings = await call('GET', '/api/config/shop');
    const shopEmail = settings.json<{ email: string }>().email;
    expect(mailto.startsWith(`mailto:${shopEmail}?subject=Unsubscribe&body=`)).toBe(true);
    expect(decodeURIComponent(mailto.split('&body=')[1] ?? '')).toBe(https);

    // A token changed by one character is refused and changes nothing.
    const tampered = https.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await postAsMailbox(tampered);
    expect(refused.status).toBe(400);
    expect(await consentsOf(customer)).toEqual([standing('newsletter', 'footer')]);

    const first = await postAsMailbox(https);
    expect([first.status, await first.json()]).toEqual([200, UNSUBSCRIBED]);
    expect(await consentsOf(customer)).toEqual([withdrawn('newsletter', 'footer')]);
    expect(await subscriberOf(customer.email)).toBeUndefined();
    const again = await postAsMailbox(https);
    expect([again.status, await again.json()]).toEqual([200, UNSUBSCRIBED]);
    // The API's own call answers the same, without signing in.
    const token = new URL(https).searchParams.get('token') ?? '';
    const api = await shop.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect([api.statusCode, api.json()]).toEqual([200, UNSUBSCRIBED]);
  });

  it('refuses a one-click call without a genuine token with 400', async () => {
    const missing = await shop.app.inject({ method: 'POST', url: '/api/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const forged = await shop.app.inject({
      method: 'POST',
      url: '/api/unsubscribe?token=newsletter~abc.forged',
    });
    expect([forged.statusCode, forged.json()]).toEqual([
      400,
      { message: 'That unsubscribe link is not valid', code: 'UNSUBSCRIBE_LINK_INVALID' },
    ]);
  });

  it('withdraws the consent by the old unsubscribe link in a letter’s text, keeping it', async () => {
    const customer = await addUser(shop, { proved: true });
    await signUpInFooter(customer.email);
    const welcome = await relayed(customer.email, 'Welcome to letters');
    const token = /shop\.example\.test\/unsubscribe\/(\S+)/.exec(welcome.text ?? '')?.[1] ?? '';
    const left = await shop.app.inject({
      method: 'POST',
      url: `/api/subscribers/unsubscribe/${token}`,
      remoteAddress: freshAddress(),
    });
    expect([left.statusCode, left.json()]).toEqual([200, UNSUBSCRIBED]);
    expect(await consentsOf(customer)).toEqual([withdrawn('newsletter', 'footer')]);
  });

  it('gives and withdraws both by the account page’s ticks, keeping the history', async () => {
    const customer = await addUser(shop, { proved: true });
    const both = await tick(customer, { newsletter: true, basketReminders: true });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual(
      expect.arrayContaining([
        standing('newsletter', 'account'),
        standing('basket-reminders', 'account'),
      ]),
    );
    expect(both.json()).toHaveLength(2);
    // The account proved its address: it joins the list confirmed, and is welcomed.
    expect(await subscriberOf(customer.email)).toEqual({
      source: 'account',
      confirmed_at: expect.anything() as unknown,
    });
    oneClickLinks(await relayed(customer.email, 'Welcome to letters'));

    const none = await tick(customer, { newsletter: false, basketReminders: false });
    expect(none.json()).toEqual(
      expect.arrayContaining([
        withdrawn('newsletter', 'account'),
        withdrawn('basket-reminders', 'account'),
      ]),
    );
    expect(await subscriberOf(customer.email)).toBeUndefined();

    const again = await tick(customer, { newsletter: false, basketReminders: true });
    const consents = again.json<Consent[]>();
    expect(consents).toHaveLength(3);
    expect(consents[0]).toEqual(standing('basket-reminders', 'account'));
    expect(consents.slice(1)).toEqual(
      expect.arrayContaining([
        withdrawn('newsletter', 'account'),
        withdrawn('basket-reminders', 'account'),
      ]),
    );
    const data = await call('GET', '/api/users/profile/data', customer.token);
    expect(data.json<{ consents: Consent[] }>().consents).toEqual(consents);
  });

  it('mails an account that has not proved its address the confirmation link first', async () => {
    const customer = await addUser(shop);
    const ticked = await tick(customer, { newsletter: true, basketReminders: false });
    expect([ticked.statusCode, ticked.json()]).toEqual([200, []]);
    const asking = await relayed(customer.email, 'Please confirm');
    const token = /\/newsletter\/confirm\/(\S+)/.exec(asking.text ?? '')?.[1] ?? '';
    await shop.app.inject({
      method: 'POST',
      url: `/api/subscribers/confirm/${token}`,
      remoteAddress: freshAddress(),
    });
    expect(await consentsOf(customer)).toEqual([standing('newsletter', 'account')]);
  });

  it.each([
    [{}, 'newsletter'],
    [{ newsletter: true }, 'basketReminders'],
    [{ newsletter: 'yes', basketReminders: true }, 'newsletter'],
    [{ newsletter: true, basketReminders: 1 }, 'basketReminders'],
  ] as [object, string][])(
    'refuses %j with 400 naming %s, changing nothing',
    async (body, field) => {
      const customer = await addUser(shop, { proved: true });
      const response = await tick(customer, body);
      expect(response.statusCode).toBe(400);
      const answer = response.json<{ code: string; errors: { path: string }[] }>();
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(answer.errors.map((error) => error.path)).toContain(field);
      expect(await consentsOf(customer)).toEqual([]);
    },
  );

  it('answers the consents only to someone signed in', async () => {
    expect((await call('GET', '/api/users/profile/consents')).statusCode).toBe(401);
    const put = await call('PUT', '/api/users/profile/consents', undefined, {
      newsletter: true,
      basketReminders: true,
    });
    expect(put.statusCode).toBe(401);
  });

  it('withdraws every consent of a closed account, keeping the records', async () => {
    const customer = await addUser(shop, { proved: true });
    await signUpInFooter(customer.email);
    await tick(customer, { newsletter: true, basketReminders: true });
    const closed = await call('DELETE', '/api/users/profile', customer.token, {
      password: customer.password,
    });
    expect(closed.statusCode).toBe(200);
    expect(await storedConsents(customer.email)).toEqual([
      { purpose: 'newsletter', source: 'footer', withdrawn_at: expect.anything() as unknown },
      {
        purpose: 'basket-reminders',
        source: 'account',
        withdrawn_at: expect.anything() as unknown,
      },
    ]);
    expect(await subscriberOf(customer.email)).toBeUndefined();
  });

  it('sends transactional mail (a password reset, a receipt) with neither header', async () => {
    const customer = await addUser(shop, { proved: true });
    await tick(customer, { newsletter: true, basketReminders: true });
    await shop.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: customer.email },
      remoteAddress: freshAddress(),
    });
    const reset = await relayed(customer.email, 'Reset your');
    expect(reset.header('list-unsubscribe')).toBeUndefined();
    expect(reset.header('list-unsubscribe-post')).toBeUndefined();

    const product = await addProduct(shop.database, { pricePence: 1800, countInStock: 5 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines, { method: 'card' });
    await call('POST', `/api/payments/${payment.id}/test-approval`, undefined, {
      card: '4242 4242 4242 4242',
    });
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    const receipt = await relayed(customer.email, 'Your Larkspur order');
    expect(receipt.header('list-unsubscribe')).toBeUndefined();
    expect(receipt.header('list-unsubscribe-post')).toBeUndefined();
  });

  // Last: it takes the consents table down and up again.
  it('gives those confirmed before consents were kept their consent, from the footer', async () => {
    const migration = consentsMigration(dialect);
    await migration.down?.(shop.database.db);
    const confirmedAt = '2025-01-02T03:04:05.000Z';
    await shop.database.db
      .insertInto('subscribers')
      .values([
        { id: 'before-1', email: 'before-1@example.com', created_at: confirmedAt },
        {
          id: 'before-2',
          email: 'before-2@example.com',
          created_at: confirmedAt,
          confirmed_at: confirmedAt,
        },
      ])
      .execute();
    await migration.up(shop.database.db);
    const kept = await shop.database.db
      .selectFrom('consents')
      .select(['email', 'purpose', 'wording', 'source', 'given_at', 'withdrawn_at'])
      .where('email', 'like', 'before-%')
      .execute();
    expect(kept.map((row) => ({ ...row, given_at: new Date(row.given_at).toISOString() }))).toEqual(
      [
        {
          email: 'before-2@example.com',
          purpose: 'newsletter',
          wording: CONSENT_WORDING.newsletter.footer,
          source: 'footer',
          given_at: confirmedAt,
          withdrawn_at: null,
        },
      ],
    );
    expect(await subscriberOf('before-1@example.com')).toEqual({
      source: 'footer',
      confirmed_at: null,
    });
  });
});
