import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../src/shared/accounts/users';
import { productPageSchema, type Product } from '../../src/shared/catalog/catalog';
import { settingsSchema } from '../../src/shared/settings/settings';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../support/paypal-stand-in';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import { launchBrowser, VIEWPORTS } from './browser';
import { expectAccessible, fillAddress, signIn, waitForTheAppOnLoad } from './support';

const ADMIN = { email: 'owner@example.com', password: 'owner-password-for-cards' };
/** The stand-in's Pay Later message, as PayPal's words it. */
const PAY_IN_THREE = /^Pay in 3 interest-free payments of £\d+\.\d\d with PayPal\.$/;
const NOT_AUTHENTICATED =
  'Your bank could not confirm that this payment is yours, so nothing was taken. Please try again, or use another card or way to pay.';

/**
 * Safari's ApplePaySession as a browser that can pay with Apple Pay has it: its sheet validates
 * the merchant, then authorises the payment at once.
 */
function canPayWithApplePay() {
  class ApplePaySession {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments() {
      return true;
    }
    onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
    onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null = null;
    oncancel: (() => void) | null = null;
    begin() {
      setTimeout(() => this.onvalidatemerchant?.({ validationURL: 'https://apple.example/start' }));
    }
    completeMerchantValidation() {
      setTimeout(() => this.onpaymentauthorized?.({ payment: { token: { paymentData: 'test' } } }));
    }
    completePayment(status: number) {
      document.documentElement.dataset.applePay = String(status);
    }
    abort() {
      document.documentElement.dataset.applePay = 'aborted';
    }
  }
  Reflect.set(window, 'ApplePaySession', ApplePaySession);
}

describe('cards, Apple Pay and Google Pay through PayPal', () => {
  let paypal: PayPalStandIn;
  let shop: ShopProcess;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let product: Product;
  /** What has been started, to stop in turn whatever failed to start after it. */
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

  const tokenOf = async (email: string, password: string) =>
    userInfoSchema.parse(await api('POST', '/users/login', undefined, { email, password })).token;

  /** A new customer, signed in on the page, with the product in the basket, at Place Order. */
  async function atPlaceOrder(name: string, { seeBasket = false } = {}) {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
    await api('POST', '/users', undefined, { name, email, password: 'cards journey' });
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();
    if (seeBasket) {
      await page.goto('/basket');
      await page.getByRole('main').getByText(PAY_IN_THREE).waitFor();
    }
    await page.goto('/account/login?redirect=/checkout/shipping');
    await signIn(page, email, 'cards journey');
    await page.waitForURL(/\/checkout\/shipping$/);
    await fillAddress(page, { line1: '7 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\/payment$/);
    await page.getByRole('heading', { name: 'Payment method' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout\/placeorder$/);
  }

  /** Gives the card in PayPal's fields (the stand-in's) and pays. */
  async function payByCard(number: string) {
    await page.getByLabel('Name on card').fill('Sam Buyer');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay by card' }).click();
  }

  /** What the order's own page says it was paid with. */
  async function paidWith() {
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
    const id = /order\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
    await page.goto(`/account/order/${id}`);
    return page.getByText(/^Method: /).textContent();
  }

  beforeAll(async () => {
    paypal = started.paypal = await startPayPalStandIn();
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-cards-'));
    shop = started.shop = await startShopProcess({
      ...payPalEnvironment(paypal),
      SEED: 'demo',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const admin = await tokenOf(ADMIN.email, ADMIN.password);
    const settings = settingsSchema.parse(await api('GET', '/settings', admin));
    await api('PUT', '/settings', admin, {
      ...settings,
      payments: {
        ...settings.payments,
        card: true,
        applePay: true,
        googlePay: true,
        payLaterMessages: true,
        applePayDomainFile: '7B2270737049',
      },
    });
    const products: Product[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const listing = productPageSchema.parse(
        await api('GET', `/products?pageNumber=${pageNumber}`),
      );
      products.push(...listing.products);
      if (pageNumber >= listing.pages) break;
    }
    // Sold one way, in stock, and dear enough for PayPal to offer Pay in 3 on it.
    const found = products.find(
      (candidate) =>
        candidate.options.length === 0 && candidate.price >= 30 && candidate.countInStock >= 5,
    );
    if (!found) throw new Error('no product to buy');
    product = found;
    browser = started.browser = await launchBrowser();
  });
  afterAll(async () => {
    await started.browser?.close();
    started.shop?.child.kill('SIGTERM');
    await started.shop?.exited();
    await started.paypal?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: shop.baseUrl });
    page = await context.newPage();
    waitForTheAppOnLoad(page);
    problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      const answered = /^Failed to load resource: .* status of 4\d\d/.test(message.text());
      if (message.type() === 'error' && !answered) problems.push(message.text());
    });
  });
  afterEach(async () => {
    await context.close();
    expect(problems).toEqual([]);
  });

  it('pays by a card whose bank asks the shopper to confirm, and offers Apple Pay only where the browser can', async () => {
    await page.goto(`/product/${product._id}`);
    await page.getByRole('main').getByText(PAY_IN_THREE).waitFor();
    const marks = page.getByRole('list', { name: 'We accept' }).getByRole('img');
    await expect
      .poll(() => marks.evaluateAll((all) => all.map((mark) => mark.getAttribute('aria-label'))))
      .toEqual(['Visa', 'Mastercard', 'American Express', 'PayPal', 'Apple Pay', 'Google Pay']);

    await atPlaceOrder('Carla Card', { seeBasket: true });
    await page.getByRole('button', { name: 'Buy with Google Pay' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByRole('button', { name: 'Pay with Apple Pay' }).count()).toBe(0);
    await expectAccessible(page);

    const captures = paypal.captureCount;
    await payByCard('5555 5555 5555 4444');
    await page
      .getByRole('dialog', { name: 'Your bank: confirm this payment' })
      .getByRole('button', { name: 'Confirm it is me' })
      .click();
    expect(await paidWith()).toBe('Method: Mastercard ending 4444');
    expect(paypal.captureCount).toBe(captures + 1);
  });

  it('takes nothing when the bank’s check fails, says why, and pays by the next card', async () => {
    await atPlaceOrder('Fay Failed');
    const captures = paypal.captureCount;
    await payByCard('4000 0000 0000 3220');
    await page
      .getByRole('dialog', { name: 'Your bank: confirm this payment' })
      .getByRole('button', { name: 'This was not me' })
      .click();
    await page.getByRole('alert').filter({ hasText: NOT_AUTHENTICATED }).waitFor();
    expect(page.url()).toMatch(/\/checkout\/placeorder$/);
    expect(paypal.captureCount).toBe(captures);

    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Pay by card' }).click();
    expect(await paidWith()).toBe('Method: Visa ending 1111');
    expect(paypal.captureCount).toBe(captures + 1);
  });

  it('offers Apple Pay where the browser says it can pay with it, and pays', async () => {
    await context.addInitScript(canPayWithApplePay);
    await atPlaceOrder('Apple Ada');
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    expect(await paidWith()).toBe('Method: Apple Pay');
  });

  it('pays with Google Pay through its sheet', async () => {
    await atPlaceOrder('Gus Google');
    await page.getByRole('button', { name: 'Buy with Google Pay' }).click();
    await page
      .getByRole('dialog', { name: 'Google Pay' })
      .getByRole('button', { name: 'Pay with Visa •••• 1111' })
      .click();
    expect(await paidWith()).toBe('Method: Google Pay');
  });
});
