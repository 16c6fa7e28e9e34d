import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  sendBasketReminders,
  type BasketRemindersContext,
} from '../../src/server/baskets/basket-reminders';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type ShopDatabase } from '../../src/server/db/database';
import { createMailer, type Mailer } from '../../src/server/mail/mail-sender';
import { createMailTransport } from '../../src/server/mail/mailer';
import { CONSENT_WORDING } from '../../src/shared/consents/consents';
import { waitForMail } from '../support/mail-messages';
import { launchBrowser, VIEWPORTS } from './browser';
import {
  baseUrl,
  catalogue,
  expectAccessible,
  newCustomer,
  signIn,
  soldOneWay,
  useBrowser,
  waitForTheAppOnLoad,
} from './support';

const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');
const HOUR = 60 * 60 * 1000;

/** A product sold one way with a few in stock, from the demo catalogue. */
async function aScarf() {
  const product = (await catalogue()).find(
    (candidate) =>
      soldOneWay(candidate) &&
      candidate.countInStock >= 3 &&
      candidate.category !== 'gift-cards' &&
      !candidate.personalisation,
  );
  if (!product) throw new Error('no product sold one way in stock in the demo catalogue');
  return product;
}

/**
 * Another instance of the shop, over its database, passing the reminders at a moment of the
 * test's own: an hour and a bit after now, as if the shopper had gone away for that long.
 */
function remindersLater() {
  const outboxDir = inject('outboxDir');
  const dataDir = path.dirname(outboxDir);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
    PUBLIC_URL: baseUrl(),
  });
  let database: ShopDatabase | undefined;
  let mailer: Mailer | undefined;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  return {
    async pass(at: number) {
      database ??= openDatabase(config.database);
      mailer ??= createMailer({
        db: database.db,
        transport: createMailTransport({
          smtpUrl: undefined,
          from: config.mail.from,
          outboxDir,
          log,
        }),
        log,
        unsubscribe: {
          publicUrl: config.publicUrl,
          secret: config.jwtSecret,
          mailbox: () => config.trader.email,
        },
      });
      const context: BasketRemindersContext = {
        database,
        mailer,
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
        trader: config.trader,
        reminders: { afterMinutes: [60, 1440, 4320] },
        log,
      };
      await sendBasketReminders(context, new Date(at));
      await mailer.flush();
    },
    async close() {
      await mailer?.close();
      await database?.close();
    },
  };
}

describe('a basket left on a phone', () => {
  const phone = useBrowser('phone', { hasTouch: true });
  const reminders = remindersLater();
  let laptop: Browser;
  beforeAll(async () => {
    laptop = await launchBrowser();
  });
  afterAll(async () => {
    await laptop.close();
    await reminders.close();
  });

  /** A fresh browser at desktop width, sharing nothing with the phone. */
  async function freshDesktop() {
    const context = await laptop.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl() });
    const page = await context.newPage();
    waitForTheAppOnLoad(page);
    return { context, page };
  }

  it('a guest asks to be reminded, is mailed an hour later, and the link brings the basket back in another browser', async () => {
    const { page } = phone;
    const scarf = await aScarf();
    const email = `left-basket-${String(Date.now())}@example.com`;

    await page.goto(`/product/${scarf._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.goto('/basket');
    await page.getByRole('main').getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
    const guest = page.getByRole('region', { name: 'Check out as a guest' });
    await guest.getByLabel('Your name').fill('Lena Leftbasket');
    await guest.getByLabel('Email for your receipt').fill(email);
    const remind = guest.getByRole('checkbox', {
      name: new RegExp(CONSENT_WORDING['basket-reminders'].checkout.replace('.', '\\.')),
    });
    expect(await remind.isChecked()).toBe(false);
    await remind.check();
    await expectAccessible(page);
    await guest.screenshot({ path: `${SHOTS}/guest-reminder-tick-phone.png` });
    const kept = page.waitForResponse(
      (response) => response.url().endsWith('/api/baskets') && response.status() === 201,
    );
    await guest.getByRole('button', { name: 'Check out as a guest' }).click();
    await kept;
    await page.waitForURL(/\/checkout\/shipping$/);

    // The shopper goes away; an hour and a bit later the reminder goes.
    await reminders.pass(Date.now() + HOUR + 60_000);
    const mail = await waitForMail(inject('outboxDir'), email, (sent) =>
      (sent.header('subject') ?? '').startsWith('You left something in your basket'),
    );
    expect(mail?.text).toContain(scarf.name);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /(https?:\/\/\S+\/basket\/restore\?token=[A-Za-z0-9_-]+)/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(link).toBeDefined();

    const { context, page: desktop } = await freshDesktop();
    try {
      await desktop.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
      await desktop.waitForURL(/\/basket$/);
      const main = desktop.getByRole('main');
      await main.getByRole('link', { name: scarf.name }).first().waitFor();
      await expectAccessible(desktop);
      await desktop.screenshot({ path: `${SHOTS}/basket-restored-desktop.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('a signed-in customer finds the basket they filled on the phone when they sign in on a laptop', async () => {
    const { page } = phone;
    const scarf = await aScarf();
    const customer = await newCustomer('Dev Devices');
    await page.goto('/account/login');
    await signIn(page, customer.email, customer.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/account/login'));
    await page.goto(`/product/${scarf._id}`);
    const kept = page.waitForResponse(
      (response) => response.url().endsWith('/api/basket') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await kept;

    const { context, page: desktop } = await freshDesktop();
    try {
      await desktop.goto('/account/login?redirect=/basket');
      await signIn(desktop, customer.email, customer.password);
      await desktop.waitForURL(/\/basket$/);
      await desktop.getByRole('main').getByRole('link', { name: scarf.name }).first().waitFor();
      await expectAccessible(desktop);
    } finally {
      await context.close();
    }
  });
});
