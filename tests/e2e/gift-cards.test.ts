import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../src/shared/accounts/users';
import { productPageSchema, type Product } from '../../src/shared/catalog/catalog';
import { quoteSchema } from '../../src/shared/orders/checkout';
import { formatPounds } from '../../src/shared/money';
import { parseDatabaseUrl } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { orderSchema } from '../../src/shared/orders/orders';
import { giftCardMailTo } from '../support/gift-card-fixtures';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../support/paypal-stand-in';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import { launchBrowser, VIEWPORTS } from './browser';
import { expectAccessible, fillAddress, signIn, waitForTheAppOnLoad } from './support';

const ADMIN = { email: 'owner@example.com', password: 'owner-password-for-gift-cards' };

describe('gift cards, bought on a phone and spent beside PayPal', () => {
  let paypal: PayPalStandIn;
  let shop: ShopProcess;
  let dataDir: string;
  let databaseFile: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const started: { paypal?: PayPalStandIn; shop?: ShopProcess; browser?: Browser } = {};

  async function api(method: string, address: string, token?: string, body?: unknown) {
    const response = await fetch(`${shop.baseUrl}/api${address}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${address} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  }

  /** A new customer of the shop, made through the API. */
  async function customer(name: string) {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
    const password = 'gift card journey';
    const { token } = userInfoSchema.parse(
      await api('POST', '/users', undefined, { name, email, password }),
    );
    return { name, email, password, token };
  }

  async function product(name: string): Promise<Product> {
    for (let pageNumber = 1; ; pageNumber += 1) {
      const listing = productPageSchema.parse(
        await api('GET', `/products?pageNumber=${pageNumber}`),
      );
      const found = listing.products.find((candidate) => candidate.name === name);
      if (found) return found;
      if (pageNumber >= listing.pages) throw new Error(`no ${name} in the demo`);
    }
  }

  async function newPage(viewport: keyof typeof VIEWPORTS): Promise<Page> {
    const context = await browser.newContext({
      viewport: VIEWPORTS[viewport],
      baseURL: shop.baseUrl,
    });
    contexts.push(context);
    const page = await context.newPage();
    waitForTheAppOnLoad(page);
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      const answered = /^Failed to load resource: .* status of 4\d\d/.test(message.text());
      if (message.type() === 'error' && !answered) problems.push(message.text());
    });
    return page;
  }

  /** Pays in the PayPal stand-in's window, as a shopper approves in PayPal's. */
  async function payWithPayPal(page: Page) {
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'PayPal' })
      .getByRole('button', { name: 'Pay with PayPal' })
      .click();
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
  }

  beforeAll(async () => {
    paypal = started.paypal = await startPayPalStandIn();
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-gift-cards-'));
    databaseFile = path.join(dataDir, 'shop.db');
    shop = started.shop = await startShopProcess({
      ...payPalEnvironment(paypal),
      SEED: 'demo',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${databaseFile}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    browser = started.browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await started.browser?.close();
    started.shop?.child.kill('SIGTERM');
    await started.shop?.exited();
    await started.paypal?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  it('a shopper buys a card for a friend on a phone; the friend spends part of it with a percent code on a scarf and pays the rest with PayPal; the owner sees its history', async () => {
    const ann = await customer('Ann Giver');
    const bea = await customer('Bea Friend');
    const card = await product('Gift card');
    const scarf = await product('Lambswool Tartan Scarf');

    // Ann, on her phone, buys a £25 card for Bea, to be sent today.
    const annPage = await newPage('phone');
    await annPage.goto('/category/gift-cards');
    await annPage.getByRole('link', { name: 'Gift card', exact: true }).first().click();
    await annPage.getByRole('heading', { name: card.name, level: 1, exact: true }).waitFor();
    // The amounts are chips: the shopper taps the chip's words.
    await annPage.getByText('£25', { exact: true }).click();
    expect(await annPage.getByRole('radio', { name: '£25', exact: true }).isChecked()).toBe(true);
    await annPage.getByLabel("Recipient's name").fill('Bea Friend');
    await annPage.getByLabel("Recipient's email").fill(bea.email);
    await annPage.getByLabel('Message (optional)').fill('Happy birthday, Bea!');
    await expectAccessible(annPage);
    await annPage.getByRole('button', { name: 'Add To Basket' }).click();
    await annPage.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();
    await annPage.goto('/basket');
    await annPage
      .getByRole('main')
      .getByText(`For Bea Friend (${bea.email})`, { exact: false })
      .waitFor();
    await expectAccessible(annPage);
    await annPage.goto('/account/login?redirect=/checkout/shipping');
    await signIn(annPage, ann.email, ann.password);
    await annPage.waitForURL(/\/checkout\/shipping$/);
    // Nothing is posted: the shipping step asks her name alone.
    expect(await annPage.getByLabel('Address line 1').count()).toBe(0);
    await expect.poll(() => annPage.getByLabel('Your name').inputValue()).toBe('Ann Giver');
    await annPage.getByRole('button', { name: 'Continue' }).click();
    await annPage.waitForURL(/\/checkout\/payment$/);
    await annPage.getByRole('button', { name: 'Continue' }).click();
    await annPage.waitForURL(/\/checkout\/placeorder$/);
    await annPage.getByText('Sent by email').first().waitFor();
    await expectAccessible(annPage);
    await payWithPayPal(annPage);

    // Bea's mail carries the whole code, and Ann's message: sent, or, before 8:00 UK time,
    // waiting in the shop's outbox for 8:00 on the day Ann chose.
    const placed = /order\/([0-9a-f]{24})/.exec(annPage.url())?.[1] ?? '';
    const annOrder = orderSchema.parse(await api('GET', `/orders/${placed}`, ann.token));
    const last4 = annOrder.orderItems[0]?.giftCard?.cards[0] ?? '';
    const shopDatabase = openDatabase(parseDatabaseUrl(`sqlite:${databaseFile}`, dataDir));
    const mail = await giftCardMailTo(shopDatabase.db, bea.email, last4).finally(() =>
      shopDatabase.close(),
    );
    expect(mail.text).toContain('Happy birthday, Bea!');
    const { code } = mail;

    // Bea spends it on a scarf with the demo's 10% knitwear code, and pays the rest with PayPal.
    const expected = quoteSchema.parse(
      await api('POST', '/orders/quote', bea.token, {
        orderItems: [{ product: scarf._id, qty: 1 }],
        voucher: 'KNIT10',
        giftCards: [code],
      }),
    );
    expect(expected.giftCardPayments).toEqual([{ last4, amount: 25 }]);
    expect(expected.payable).toBeGreaterThan(0);
    const beaPage = await newPage('phone');
    await beaPage.goto(`/product/${scarf._id}`);
    await beaPage.getByRole('button', { name: 'Add To Basket' }).click();
    await beaPage.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();
    await beaPage.goto('/account/login?redirect=/checkout/shipping');
    await signIn(beaPage, bea.email, bea.password);
    await beaPage.waitForURL(/\/checkout\/shipping$/);
    await fillAddress(beaPage, { line1: '3 Wool Lane', city: 'Hawick', postcode: 'TD9 0AA' });
    await beaPage.getByRole('button', { name: 'Continue' }).click();
    await beaPage.waitForURL(/\/checkout\/payment$/);
    await beaPage.getByRole('button', { name: 'Continue' }).click();
    await beaPage.waitForURL(/\/checkout\/placeorder$/);
    await beaPage.getByLabel('Voucher code').fill('knit10');
    await beaPage.getByRole('button', { name: 'Apply' }).click();
    const summary = beaPage.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText('Voucher: Ten percent off knitwear').waitFor();
    await beaPage.getByLabel('Gift card code').fill(code.toLowerCase());
    await beaPage.getByRole('button', { name: 'Use card' }).click();
    await summary.getByText(`Gift card ending ${last4}`).waitFor();
    await summary.getByText(formatPounds(expected.payable)).first().waitFor();
    await expectAccessible(beaPage);
    await payWithPayPal(beaPage);
    const check = await api('POST', '/gift-cards/check', undefined, { code });
    expect(check).toMatchObject({ balance: 0, last4 });

    // The owner finds the card by its last 4 and reads its history.
    const ownerPage = await newPage('desktop');
    await ownerPage.goto('/account/login?redirect=/admin/gift-cards');
    await signIn(ownerPage, ADMIN.email, ADMIN.password);
    await ownerPage.getByRole('searchbox', { name: 'Find a gift card' }).fill(last4);
    await ownerPage.getByRole('button', { name: `Open the gift card ending ${last4}` }).click();
    const panel = ownerPage.getByRole('dialog', { name: 'Gift card' });
    const history = panel.getByRole('list', { name: 'History' });
    await history.getByText('Spent').waitFor();
    await expect
      .poll(() =>
        history
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent)),
      )
      // Its mail falls among them by the time of day: at 8:00 on its day, or at once.
      .toEqual(
        expect.arrayContaining(['Issued+£25.00', 'Mailed to the recipient', 'Spent\u2212£25.00']),
      );
    expect(await history.getByRole('listitem').count()).toBe(3);
    await expectAccessible(ownerPage);
  }, 180_000);
});
