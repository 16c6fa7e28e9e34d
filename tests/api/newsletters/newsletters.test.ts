import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Consent } from '../../../src/shared/consents/consents';
import type { Settings } from '../../../src/shared/settings/settings';
import type {
  Newsletter,
  NewsletterDetail,
  NewsletterPage,
} from '../../../src/shared/newsletters/newsletters';
import { insertMail } from '../../../src/server/mail/mail-outbox.repository';
import { addUser, apiCaller, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { parseMail, type MailMessage } from '../../support/mail-messages';
import {
  addSubscriber,
  addUnconfirmedSubscriber,
  readNewsletter,
  sendRows,
  setNewsletterPace,
  writeNewsletter,
} from '../../support/newsletter-fixtures';
import { startSmtpStandIn, type SmtpStandIn } from '../../support/smtp-stand-in';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
const ONE_CLICK_POST = 'List-Unsubscribe=One-Click';
/** A marketing mail's List-Unsubscribe as RFC 8058 asks: the https link, then a mailto. */
const LIST_UNSUBSCRIBE =
  /^<(https:\/\/shop\.example\.test\/unsubscribe\?token=[^>]+)>, <(mailto:[^>]+)>$/;

describe.each(testDialects())('newsletters on %s', (dialect) => {
  let shop: TestShop;
  let smtp: SmtpStandIn;
  let admin: TestUser;
  let staff: TestUser;
  let customer: TestUser;
  let pendantId: string;
  const call = apiCaller(() => shop);

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    shop = await startTestShop(dialect, { PUBLIC_URL, SMTP_URL: smtp.url });
    admin = await addUser(shop, { role: 'admin', name: 'Ada Owner' });
    staff = await addUser(shop, { role: 'staff' });
    customer = await addUser(shop);
    const pendant = await addProduct(shop.database, {
      name: 'Moonstone <Drop> Pendant',
      pricePence: 2400,
      image: '/uploads/moonstone.webp',
    });
    pendantId = pendant.id;
    await setNewsletterPace(shop, admin, 1000);
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  /** The mails the relay took for an address whose subject is `subject`. */
  const relayedTo = (to: string, subject: string) =>
    smtp.accepted.filter((mail) => mail.to.includes(to) && mail.subject === subject);

  async function relayed(to: string, subject: string): Promise<MailMessage> {
    for (let tries = 0; tries < 200; tries += 1) {
      const [found] = relayedTo(to, subject);
      if (found) return parseMail(found.raw);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  const draft = { subject: 'Autumn knits are here', body: 'Warm things for cold days.' };

  it('lets admins alone near them: a guest 401, a customer or staff 403, whatever the body', async () => {
    const calls = [
      ['GET', '/api/newsletters'],
      ['POST', '/api/newsletters'],
      ['GET', '/api/newsletters/abc'],
      ['PUT', '/api/newsletters/abc'],
      ['POST', '/api/newsletters/abc/test'],
      ['POST', '/api/newsletters/abc/send'],
    ] as const;
    for (const [method, url] of calls) {
      const statuses = [
        (await call(method, url, undefined, { junk: true })).statusCode,
        (await call(method, url, customer.token, draft)).statusCode,
        (await call(method, url, staff.token, draft)).statusCode,
      ];
      expect({ method, url, statuses }).toEqual({ method, url, statuses: [401, 403, 403] });
    }
  });

  it('refuses what cannot be kept with a 400 naming the field, and unknown ids with 404', async () => {
    const refusal = async (payload: unknown) => {
      const answer = await call('POST', '/api/newsletters', admin.token, payload);
      expect(answer.statusCode).toBe(400);
      return answer.json<{ code: string; errors?: { path: string; message: string }[] }>();
    };
    const pathsOf = async (payload: unknown) =>
      (await refusal(payload)).errors?.map((error) => error.path);
    expect(await pathsOf({ subject: '   ', body: 'Hello' })).toEqual(['subject']);
    expect(await pathsOf({ subject: 'x'.repeat(151), body: 'Hello' })).toEqual(['subject']);
    expect(await pathsOf({ subject: 'Hello', body: '  \n ' })).toEqual(['body']);
    expect(await pathsOf({ subject: 'Hello', body: 'x'.repeat(50_001) })).toEqual(['body']);
    expect(await pathsOf({ body: 'Hello' })).toEqual(['subject']);
    // Control characters: a bell in the subject, a NUL in the body (line breaks and tabs are fine).
    expect((await refusal({ subject: 'Ring\u0007', body: 'Hello' })).code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await refusal({ subject: 'Hello', body: 'a\u0000b' })).code).toBe('VALIDATION_FAILED');
    const longest = await call('POST', '/api/newsletters', admin.token, {
      subject: 's'.repeat(150),
      body: `${'x'.repeat(49_990)}\n\tindented`,
    });
    expect(longest.statusCode).toBe(201);

    const offSale = await addProduct(shop.database, { status: 'draft' });
    const unknown = await refusal({
      subject: 'Cards',
      body: `{{product:${pendantId}}}\n{{product:no-such-thing}}\n{{ product:${offSale.id} }}`,
    });
    expect(unknown.errors).toEqual([
      {
        path: 'body',
        message: `No product on sale has the id "no-such-thing", "${offSale.id}"`,
      },
    ]);

    const missing = await call('GET', '/api/newsletters/nothing-here', admin.token);
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { message: 'Newsletter not found', code: 'NEWSLETTER_NOT_FOUND' },
    ]);
    for (const [method, suffix] of [
      ['PUT', ''],
      ['POST', '/test'],
      ['POST', '/send'],
    ] as const) {
      const answer = await call(
        method,
        `/api/newsletters/nothing-here${suffix}`,
        admin.token,
        draft,
      );
      expect(answer.statusCode).toBe(404);
    }
    const tooLong = await call('GET', `/api/newsletters/${'a'.repeat(65)}`, admin.token);
    expect(tooLong.statusCode).toBe(400);
  });

  it('writes, edits and previews a draft, escaping what the owner typed, each change audited', async () => {
    const body = [
      '# New in',
      '',
      'Our **favourite** pendant <script>alert("hi")</script>, [see all](https://shop.example.test/shelf/pendants).',
      '',
      `{{product:${pendantId}}}`,
      '',
      '<img src=x onerror=alert(1)>',
    ].join('\n');
    const created = await writeNewsletter(shop, admin, { subject: 'New pendants', body });
    expect(created).toMatchObject({
      subject: 'New pendants',
      body,
      status: 'draft',
      sentAt: null,
      queued: 0,
      sent: 0,
      failed: 0,
      unsubscribed: 0,
    });
    const link = `${PUBLIC_URL}/product/${pendantId}`;
    expect(created.html).toContain('<h1>New in</h1>');
    expect(created.html).toContain('<strong>favourite</strong>');
    expect(created.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
    expect(created.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(created.html).not.toMatch(/<script|<img src=x/i);
    expect(created.html).toContain('Moonstone &lt;Drop&gt; Pendant');
    expect(created.html).toContain('£24.00');
    expect(created.html).toContain(`href="${link}"`);
    expect(created.html).toContain(`src="${PUBLIC_URL}/uploads/moonstone.webp"`);
    expect(created.text).toContain(`Moonstone <Drop> Pendant, £24.00\n${link}`);
    expect(created.text).not.toContain('{{product:');

    const edited = await call('PUT', `/api/newsletters/${created._id}`, admin.token, {
      subject: 'New pendants for autumn',
      body,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<NewsletterDetail>().subject).toBe('New pendants for autumn');
    const list = await call('GET', '/api/newsletters?pageNumber=1', admin.token);
    expect(list.json<NewsletterPage>().newsletters).toContainEqual(
      expect.objectContaining({
        _id: created._id,
        subject: 'New pendants for autumn',
        status: 'draft',
      }),
    );

    const audit = await call('GET', `/api/audit?q=${created._id}`, admin.token);
    const entries = audit.json<{
      entries: { action: string; before: unknown; after: unknown }[];
    }>();
    expect(entries.entries.map((entry) => entry.action)).toEqual([
      'newsletter.updated',
      'newsletter.created',
    ]);
    expect(entries.entries[0]).toMatchObject({
      before: { subject: 'New pendants' },
      after: { subject: 'New pendants for autumn' },
    });
  });

  it('mails a test to the admin who asks, marked as one and with no unsubscribe headers', async () => {
    const tester = await addUser(shop, { role: 'admin' });
    const letter = await writeNewsletter(shop, tester, {
      subject: 'Gift ideas',
      body: `Something for everyone.\n\n{{product:${pendantId}}}`,
    });
    const tested = await call('POST', `/api/newsletters/${letter._id}/test`, tester.token);
    expect([tested.statusCode, tested.json()]).toEqual([
      200,
      { message: `A test is on its way to ${tester.email}` },
    ]);
    const mail = await relayed(tester.email, '[Test] Gift ideas');
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    expect(mail.header('list-unsubscribe-post')).toBeUndefined();
    expect(mail.html).toContain('Moonstone &lt;Drop&gt; Pendant');
    expect(mail.text).toContain('Something for everyone.');
    // Still a draft, mailed to nobody else.
    expect(await readNewsletter(shop, tester, letter._id)).toMatchObject({
      status: 'draft',
      queued: 0,
    });
    expect(await sendRows(shop, letter._id)).toEqual([]);

    // Ten an hour: the eleventh is refused.
    for (let count = 2; count <= 10; count += 1) {
      expect(
        (await call('POST', `/api/newsletters/${letter._id}/test`, tester.token)).statusCode,
      ).toBe(200);
    }
    const eleventh = await call('POST', `/api/newsletters/${letter._id}/test`, tester.token);
    expect(eleventh.statusCode).toBe(429);
  });

  it('sends once to each standing consent, never to the unconfirmed, with one-click unsubscribe', async () => {
    const ann = await addSubscriber(shop, { name: 'Ann' });
    const bea = await addSubscriber(shop, { name: 'Bea' });
    const unconfirmed = `unconfirmed-${dialect}@example.com`;
    await addUnconfirmedSubscriber(shop, unconfirmed);
    const letter = await writeNewsletter(shop, admin, {
      subject: `Winter letter on ${dialect}`,
      body: `Hello!\n\n{{product:${pendantId}}}`,
    });
    expect(letter.audience).toBeGreaterThanOrEqual(2);

    const sent = await call('POST', `/api/newsletters/${letter._id}/send`, admin.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json<Newsletter>()).toMatchObject({
      status: 'sending',
      sentAt: expect.any(String) as unknown,
    });
    const again = await call('POST', `/api/newsletters/${letter._id}/send`, admin.token);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([
      409,
      'NEWSLETTER_NOT_DRAFT',
    ]);
    const edit = await call('PUT', `/api/newsletters/${letter._id}`, admin.token, draft);
    expect(edit.statusCode).toBe(409);

    const rows = await sendRows(shop, letter._id);
    const recipients = rows.map((row) => row.email).sort();
    expect(recipients).toContain(ann.email);
    expect(recipients).toContain(bea.email);
    expect(recipients).not.toContain(unconfirmed);
    const everyone = rows.length;
    await vi.waitFor(
      async () => {
        expect(await readNewsletter(shop, admin, letter._id)).toMatchObject({
          status: 'sent',
          queued: 0,
          sent: everyone,
          failed: 0,
          unsubscribed: 0,
        });
      },
      { timeout: 15_000, interval: 100 },
    );
    for (const person of [ann, bea]) {
      expect(relayedTo(person.email, letter.subject)).toHaveLength(1);
    }
    const outboxToUnconfirmed = await shop.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', unconfirmed)
      .execute();
    expect(outboxToUnconfirmed.map((mail) => mail.subject)).not.toContain(letter.subject);

    // Read as a mailbox provider reads it, and unsubscribed from in one click.
    const mail = await relayed(ann.email, letter.subject);
    expect(mail.header('list-unsubscribe-post')).toBe(ONE_CLICK_POST);
    const [, https = '', mailto = ''] =
      LIST_UNSUBSCRIBE.exec(mail.header('list-unsubscribe') ?? '') ?? [];
    expect(https).not.toBe('');
    expect(mailto).toMatch(/^mailto:[^?]+@[^?]+\?subject=Unsubscribe&body=/);
    expect(mail.text).toContain(`To stop these letters: ${https}`);
    const link = new URL(https);
    const oneClick = await fetch(`${shop.baseUrl}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: ONE_CLICK_POST,
    });
    expect(oneClick.status).toBe(200);
    const consents = await call('GET', '/api/users/profile/consents', ann.token);
    expect(consents.json<Consent[]>()[0]).toMatchObject({
      purpose: 'newsletter',
      withdrawnAt: expect.any(String) as unknown,
    });

    const audit = await call(
      'GET',
      `/api/audit?q=${letter._id}&action=newsletter.sent`,
      admin.token,
    );
    expect(audit.json<{ entries: { after: unknown }[] }>().entries).toEqual([
      expect.objectContaining({ after: { subject: letter.subject, subscribers: everyone } }),
    ]);
  });

  it('keeps the pace a whole number from 1 to 1000 a minute, refusing others at its field', async () => {
    const read = await call('GET', '/api/settings', admin.token);
    const settings = read.json<Settings>();
    expect(settings.newsletter).toEqual({ perMinute: 1000 });
    for (const perMinute of [0, 1001, 2.5, '60']) {
      const refused = await call('PUT', '/api/settings', admin.token, {
        ...settings,
        newsletter: { perMinute },
      });
      expect(refused.statusCode).toBe(400);
      expect(
        refused.json<{ errors: { path: string }[] }>().errors.map((error) => error.path),
      ).toEqual(['newsletter.perMinute']);
    }
  });

  it('drops a marketing mail whose consent was withdrawn after it was queued, never sending it', async () => {
    const cara = await addSubscriber(shop, { name: 'Cara' });
    const consent = await shop.database.db
      .selectFrom('consents')
      .select('id')
      .where('email', '=', cara.email)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const held = await insertMail(
      shop.database.db,
      { to: cara.email, subject: 'Held marketing', text: 'Buy now', html: '<p>Buy now</p>' },
      new Date(),
      { notBefore: later, consentId: consent.id },
    );
    await call('PUT', '/api/users/profile/consents', cara.token, {
      newsletter: false,
      basketReminders: false,
    });
    // Due now: the next sender to look takes it, then the sentinel queued after it.
    await shop.database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('id', '=', held)
      .execute();
    const sentinel = await call('POST', '/api/users/forgot-password', undefined, {
      email: cara.email,
    });
    expect(sentinel.statusCode).toBe(200);
    await relayed(cara.email, 'Reset your Larkspur password');
    const row = await shop.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('id', '=', held)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('withdrawn');
    expect(relayedTo(cara.email, 'Held marketing')).toEqual([]);
  });
});
