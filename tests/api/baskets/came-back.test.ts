import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendBasketReminders } from '../../../src/server/baskets/basket-reminders';
import { createMailer, type Mailer } from '../../../src/server/mail/mail-sender';
import { createMailTransport } from '../../../src/server/mail/mailer';
import type { Desk } from '../../../src/shared/desk/desk';
import { addUser, apiCaller, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { addSubscriber, readNewsletter, writeNewsletter } from '../../support/newsletter-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const NOW = new Date('2026-11-02T09:00:00.000Z');
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testDialects())('what came back after basket reminders on %s', (dialect) => {
  let shop: TestShop;
  let outboxDir: string;
  let mailer: Mailer;
  let admin: TestUser;
  let staff: TestUser;
  const call = apiCaller(() => shop);
  let scarf: { id: string };

  beforeAll(async () => {
    // The clock alone is moved (and keeps running from there); timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
    outboxDir = await mkdtemp(path.join(tmpdir(), 'came-back-'));
    shop = await startTestShop(dialect);
    admin = await addUser(shop, { role: 'admin' });
    staff = await addUser(shop, { role: 'staff' });
    scarf = await addProduct(shop.database, { pricePence: 3500, countInStock: 20 });
    mailer = createMailer({
      db: shop.database.db,
      transport: createMailTransport({
        smtpUrl: undefined,
        from: shop.config.mail.from,
        outboxDir,
        log: shop.app.log,
      }),
      log: shop.app.log,
      unsubscribe: {
        publicUrl: shop.config.publicUrl,
        secret: shop.config.jwtSecret,
        mailbox: () => shop.config.trader.email,
      },
    });
  });
  afterAll(async () => {
    await mailer.close();
    await shop.close();
    vi.useRealTimers();
    await rm(outboxDir, { recursive: true, force: true });
  });

  const remindersPass = () =>
    sendBasketReminders({
      database: shop.database,
      mailer,
      publicUrl: shop.config.publicUrl,
      secret: shop.config.jwtSecret,
      trader: shop.config.trader,
      reminders: { afterMinutes: [60] },
      log: shop.app.log,
    });

  async function asks(email: string) {
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/baskets',
      payload: { email, items: [{ product: scarf.id, qty: 1 }] },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(201);
  }

  async function orders(email: string) {
    const lines = [{ product: scarf.id, qty: 1 }];
    const payment = await openPayment(shop, undefined, lines, { email });
    const placed = await placeOrder(shop, undefined, payment.id, lines, { email });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json<{ totalPrice: number }>().totalPrice;
  }

  it('counts the orders placed within 7 days after a reminder to the same address, for the owner', async () => {
    const address = (name: string) => `${name}-${dialect}@example.com`;
    const soon = address('soon');
    const late = address('late');
    const before = address('before');
    const never = address('never');
    for (const email of [soon, late, never]) await asks(email);
    // Ordered before any reminder: not brought back by one.
    await orders(before);
    await asks(before);

    vi.setSystemTime(new Date(NOW.getTime() + 61 * MINUTE));
    expect(await remindersPass()).toBe(4);

    vi.setSystemTime(new Date(NOW.getTime() + 2 * DAY));
    const cameBack = await orders(soon);
    await asks(late);
    vi.setSystemTime(new Date(NOW.getTime() + 9 * DAY));
    // Eight days after its reminder: too long after to say the reminder brought it.
    await orders(late);

    const desk = await call('GET', '/api/admin/desk', admin.token);
    expect(desk.statusCode).toBe(200);
    expect(desk.json<Desk>().cameBack).toEqual({
      reminders: { sent: 4, recovered: 1, gross: cameBack },
      newsletters: [],
    });
    const staffDesk = await call('GET', '/api/admin/desk', staff.token);
    expect(staffDesk.json<Desk>().cameBack).toBeNull();
  });

  it('counts each newsletter’s orders: those its readers placed within 7 days after it', async () => {
    vi.setSystemTime(new Date(NOW.getTime() + 10 * DAY));
    const reader = await addSubscriber(shop, { name: 'Rhea Reader' });
    const slow = await addSubscriber(shop, { name: 'Sol Slow' });
    const letter = await writeNewsletter(shop, admin, {
      subject: `Winter rings on ${dialect}`,
      body: 'New rings, just in.',
    });
    expect(
      (await call('POST', `/api/newsletters/${letter._id}/send`, admin.token)).statusCode,
    ).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await readNewsletter(shop, admin, letter._id)).toMatchObject({ status: 'sent' });
      },
      { timeout: 15_000, interval: 100 },
    );
    vi.setSystemTime(new Date(NOW.getTime() + 12 * DAY));
    const bought = await orders(reader.email);
    vi.setSystemTime(new Date(NOW.getTime() + 18 * DAY));
    // Eight days after the letter: not its doing.
    await orders(slow.email);

    const desk = (await call('GET', '/api/admin/desk', admin.token)).json<Desk>();
    expect(desk.cameBack?.newsletters).toEqual([
      {
        _id: letter._id,
        subject: `Winter rings on ${dialect}`,
        sentAt: expect.any(String) as unknown,
        mailed: 2,
        orders: 1,
        gross: bought,
      },
    ]);
  });
});
