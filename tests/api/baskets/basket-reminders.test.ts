import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sendBasketReminders,
  type BasketRemindersContext,
} from '../../../src/server/baskets/basket-reminders';
import { createMailer, type Mailer } from '../../../src/server/mail/mail-sender';
import { createMailTransport } from '../../../src/server/mail/mailer';
import type { KeptBasket } from '../../../src/shared/baskets/baskets';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { outboxMailsTo } from '../../support/mail-messages';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const FIRST = 'You left something in your basket';
const SECOND = 'Your basket is still waiting';
const LAST = 'A last reminder about your basket';

describe.each(testDialects())('basket reminders on %s', (dialect) => {
  let shop: TestShop;
  let other: TestShop;
  let outboxDir: string;
  const mailers: Mailer[] = [];
  const call = apiCaller(() => shop);
  let scarf: { id: string };

  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(tmpdir(), 'reminders-'));
    // Two instances share one database: SQLite's in a file.
    const database: Record<string, string> =
      dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${path.join(outboxDir, 'shop.db')}` } : {};
    shop = await startTestShop(dialect, { PUBLIC_URL, ...database });
    other = await startTestShop(dialect, { PUBLIC_URL }, { sameDatabaseAs: shop });
    scarf = await addProduct(shop.database, { name: 'Merino scarf', pricePence: 3500 });
  });
  afterAll(async () => {
    await Promise.all(mailers.map((mailer) => mailer.close()));
    await other.close();
    await shop.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  /** One pass of the reminders as an instance runs it, at a moment of the test's own. */
  function remindersOf(of: TestShop, afterMinutes = [60, 1440, 4320]) {
    const mailer = createMailer({
      db: of.database.db,
      transport: createMailTransport({
        smtpUrl: undefined,
        from: of.config.mail.from,
        outboxDir,
        log: of.app.log,
      }),
      log: of.app.log,
      unsubscribe: {
        publicUrl: PUBLIC_URL,
        secret: of.config.jwtSecret,
        mailbox: () => of.config.trader.email,
      },
    });
    mailers.push(mailer);
    const context: BasketRemindersContext = {
      database: of.database,
      mailer,
      publicUrl: PUBLIC_URL,
      secret: of.config.jwtSecret,
      trader: of.config.trader,
      reminders: { afterMinutes },
      log: of.app.log,
    };
    return { pass: (at: number) => sendBasketReminders(context, new Date(at)), mailer };
  }
  let reminders: ReturnType<typeof remindersOf>;
  beforeAll(() => {
    reminders = remindersOf(shop);
  });

  /** The reminders queued to an address, oldest first, as the outbox keeps them. */
  const remindersTo = async (email: string) =>
    (
      await shop.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body', 'headers', 'created_at'])
        .where('recipient', '=', email)
        .orderBy('created_at')
        .execute()
    ).filter((mail) => [FIRST, SECOND, LAST].includes(mail.subject));
  const subjectsTo = async (email: string) =>
    (await remindersTo(email)).map((mail) => mail.subject);

  /** When a basket last changed, as the shop keeps it. */
  const changedAt = async (where: { email: string } | { userId: string }) => {
    const row = await shop.database.db
      .selectFrom('kept_baskets')
      .select('changed_at')
      .$if('email' in where, (query) =>
        query.where('email', '=', 'email' in where ? where.email : ''),
      )
      .$if('userId' in where, (query) =>
        query.where('user_id', '=', 'userId' in where ? where.userId : ''),
      )
      .executeTakeFirstOrThrow();
    return new Date(row.changed_at).getTime();
  };

  /** A guest asks at checkout to be reminded of a basket holding a scarf; answers its token. */
  async function guestAsks(email: string) {
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/baskets',
      payload: { email, items: [{ product: scarf.id, qty: 2 }] },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    return asked.json<{ token: string }>().token;
  }

  /** A customer who ticked reminders on their account page and left a scarf in their basket. */
  async function customerWithBasket(): Promise<TestUser> {
    const customer = await addUser(shop);
    const ticked = await call('PUT', '/api/users/profile/consents', customer.token, {
      newsletter: false,
      basketReminders: true,
    });
    expect(ticked.statusCode).toBe(200);
    const kept = await call('PUT', '/api/basket', customer.token, {
      items: [{ product: scarf.id, qty: 1 }],
    });
    expect(kept.statusCode).toBe(200);
    return customer;
  }

  let guests = 0;
  const guestEmail = () => {
    guests += 1;
    return `reminded-${dialect}-${guests}-${Date.now()}@example.com`;
  };

  it('sends three reminders, after an hour, a day and three days without a change, each once', async () => {
    const email = guestEmail();
    await guestAsks(email);
    const from = await changedAt({ email });

    await reminders.pass(from + 59 * MINUTE);
    expect(await subjectsTo(email)).toEqual([]);
    await reminders.pass(from + 61 * MINUTE);
    await reminders.pass(from + 62 * MINUTE);
    expect(await subjectsTo(email)).toEqual([FIRST]);
    await reminders.pass(from + 23 * HOUR);
    expect(await subjectsTo(email)).toEqual([FIRST]);
    await reminders.pass(from + 24 * HOUR + MINUTE);
    expect(await subjectsTo(email)).toEqual([FIRST, SECOND]);
    await reminders.pass(from + 72 * HOUR + MINUTE);
    await reminders.pass(from + 200 * HOUR);
    expect(await subjectsTo(email)).toEqual([FIRST, SECOND, LAST]);
    const recorded = await shop.database.db
      .selectFrom('basket_reminders')
      .select('step')
      .where('email', '=', email)
      .orderBy('step')
      .execute();
    expect(recorded.map((row) => row.step)).toEqual([1, 2, 3]);
  });

  it('brings the basket back from the reminder’s link, at today’s price, in any browser', async () => {
    const email = guestEmail();
    await guestAsks(email);
    await reminders.pass((await changedAt({ email })) + 61 * MINUTE);
    await shop.database.db
      .updateTable('products')
      .set({ price_pence: 3200 })
      .where('id', '=', scarf.id)
      .execute();
    try {
      const [mail] = await remindersTo(email);
      const token = /\/basket\/restore\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
      expect(token).toBeDefined();
      const opened = await call('GET', `/api/baskets/${token ?? ''}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.json<KeptBasket>().items).toMatchObject([
        { product: scarf.id, name: 'Merino scarf', price: 32, qty: 2 },
      ]);
    } finally {
      await shop.database.db
        .updateTable('products')
        .set({ price_pence: 3500 })
        .where('id', '=', scarf.id)
        .execute();
    }
  });

  it('carries one-click unsubscribe as a mailbox provider reads it, and the link stops the rest', async () => {
    const email = guestEmail();
    await guestAsks(email);
    const from = await changedAt({ email });
    await reminders.pass(from + 61 * MINUTE);
    await reminders.mailer.flush();
    const [mail] = await outboxMailsTo(outboxDir, email);
    expect(mail?.header('subject')).toBe(FIRST);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const [, https = ''] =
      /^<(https:\/\/[^>]+)>, <mailto:[^>]+>$/.exec(mail?.header('list-unsubscribe') ?? '') ?? [];
    expect(https).toMatch(/^https:\/\/shop\.example\.test\/unsubscribe\?token=\S+$/);
    const link = new URL(https);
    const unsubscribed = await fetch(`${shop.baseUrl}${link.pathname}${link.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    await reminders.pass(from + 25 * HOUR);
    await reminders.pass(from + 73 * HOUR);
    expect(await subjectsTo(email)).toEqual([FIRST]);
  });

  it('waits again from each change of the basket', async () => {
    const email = guestEmail();
    const token = await guestAsks(email);
    const changed = await call('PUT', `/api/baskets/${token}`, undefined, {
      items: [{ product: scarf.id, qty: 1 }],
    });
    expect(changed.statusCode).toBe(200);
    const from = await changedAt({ email });
    await reminders.pass(from + 59 * MINUTE);
    expect(await subjectsTo(email)).toEqual([]);
    await reminders.pass(from + 61 * MINUTE);
    expect(await subjectsTo(email)).toEqual([FIRST]);
  });

  it('sends only the latest reminder due to a basket that waited past several (the shop was down)', async () => {
    const email = guestEmail();
    await guestAsks(email);
    await reminders.pass((await changedAt({ email })) + 80 * HOUR);
    await reminders.pass((await changedAt({ email })) + 81 * HOUR);
    expect(await subjectsTo(email)).toEqual([LAST]);
  });

  it('sends each reminder once with two instances passing at the same moment', async () => {
    const emails = [guestEmail(), guestEmail(), guestEmail()];
    for (const email of emails) await guestAsks(email);
    const at = Math.max(...(await Promise.all(emails.map((email) => changedAt({ email }))))) + HOUR;
    const elsewhere = remindersOf(other);
    const [here, there] = await Promise.all([reminders.pass(at), elsewhere.pass(at)]);
    expect(here + there).toBe(3);
    for (const email of emails) expect(await subjectsTo(email)).toEqual([FIRST]);
  });

  it('reminds a signed-in customer who agreed, at their account’s address', async () => {
    const customer = await customerWithBasket();
    await reminders.pass((await changedAt({ userId: customer.id })) + 61 * MINUTE);
    expect(await subjectsTo(customer.email)).toEqual([FIRST]);
  });

  it('reminds nobody who has not agreed, and stops at an order, an emptied basket or a withdrawal', async () => {
    // Never agreed.
    const silent = await addUser(shop);
    await call('PUT', '/api/basket', silent.token, { items: [{ product: scarf.id, qty: 1 }] });
    // Ordered.
    const buyer = await customerWithBasket();
    const lines = [{ product: scarf.id, qty: 1 }];
    const payment = await openPayment(shop, buyer.token, lines);
    expect((await placeOrder(shop, buyer.token, payment.id, lines)).statusCode).toBe(201);
    // Emptied.
    const emptier = await customerWithBasket();
    expect((await call('PUT', '/api/basket', emptier.token, { items: [] })).statusCode).toBe(200);
    // Withdrew.
    const withdrawer = await customerWithBasket();
    const unticked = await call('PUT', '/api/users/profile/consents', withdrawer.token, {
      newsletter: false,
      basketReminders: false,
    });
    expect(unticked.statusCode).toBe(200);
    // A guest who ordered with the address they asked to be reminded at.
    const guest = guestEmail();
    await guestAsks(guest);
    const guestPayment = await openPayment(shop, undefined, lines, { email: guest });
    const guestOrder = await placeOrder(shop, undefined, guestPayment.id, lines, { email: guest });
    expect(guestOrder.statusCode, guestOrder.body).toBe(201);
    // A sentinel who agreed and was left alone: their reminder shows the pass ran.
    const sentinel = await customerWithBasket();

    const late = Date.now() + 2 * HOUR;
    await reminders.pass(late);
    expect(await subjectsTo(sentinel.email)).toEqual([FIRST]);
    for (const email of [silent.email, buyer.email, emptier.email, withdrawer.email, guest]) {
      expect(await subjectsTo(email), email).toEqual([]);
    }
  });

  it('never writes to an account that closed', async () => {
    const closing = await customerWithBasket();
    const closed = await call('DELETE', '/api/users/profile', closing.token, {
      password: closing.password,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const sentinel = await customerWithBasket();
    await reminders.pass(Date.now() + 2 * HOUR);
    expect(await subjectsTo(sentinel.email)).toEqual([FIRST]);
    expect(await subjectsTo(closing.email)).toEqual([]);
  });

  it('sends none when the owner turns them off', async () => {
    const email = guestEmail();
    await guestAsks(email);
    const off = remindersOf(shop, []);
    expect(await off.pass((await changedAt({ email })) + 100 * HOUR)).toBe(0);
    expect(await subjectsTo(email)).toEqual([]);
  });

  it('takes the owner’s timing from the settings, and refuses timing that breaks the rules', async () => {
    const admin = await addUser(shop, { role: 'admin' });
    const read = await call('GET', '/api/settings', admin.token);
    const settings = read.json<{ reminders: unknown; version: number }>();
    expect(settings.reminders).toEqual({ afterMinutes: [60, 1440, 4320] });
    for (const afterMinutes of [[0], [60, 30], [60, 60], [1, 2, 3, 4], [1.5], ['60'], [43201]]) {
      const refused = await call('PUT', '/api/settings', admin.token, {
        ...settings,
        reminders: { afterMinutes },
      });
      expect(refused.statusCode, JSON.stringify(afterMinutes)).toBe(400);
    }
    const saved = await call('PUT', '/api/settings', admin.token, {
      ...settings,
      reminders: { afterMinutes: [30, 120] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ reminders: unknown }>().reminders).toEqual({ afterMinutes: [30, 120] });
  });

  it('forgets a guest’s basket nobody touched for 60 days, and keeps one touched since', async () => {
    const email = guestEmail();
    const token = await guestAsks(email);
    const fresh = guestEmail();
    const freshToken = await guestAsks(fresh);
    const from = await changedAt({ email });
    await reminders.pass(from + 59 * 24 * HOUR);
    expect((await call('GET', `/api/baskets/${token}`)).statusCode).toBe(200);
    // Touched on day 30: 30 days old when the first is 61.
    await shop.database.db
      .updateTable('kept_baskets')
      .set({ changed_at: new Date(from + 30 * 24 * HOUR).toISOString() })
      .where('email', '=', fresh)
      .execute();
    await reminders.pass(from + 61 * 24 * HOUR);
    expect((await call('GET', `/api/baskets/${token}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/baskets/${freshToken}`)).statusCode).toBe(200);
  });
});
