import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userInfoSchema } from '../../src/shared/accounts/users';
import { productPageSchema, type Product } from '../../src/shared/catalog/catalog';
import { shortDay } from '../../src/shared/delivery/delivery-days';
import { orderSchema } from '../../src/shared/orders/orders';
import {
  payPalEnvironment,
  startPayPalStandIn,
  type PayPalStandIn,
} from '../support/paypal-stand-in';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import { launchBrowser, VIEWPORTS } from './browser';
import {
  continueFromPayment,
  expectAccessible,
  fillAddress,
  signIn,
  waitForTheAppOnLoad,
} from './support';

const ADMIN = { email: 'owner@example.com', password: 'owner-password-for-engraving' };
/** Where the journey's screenshots and printouts go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

/** A word of a PDF as poppler's `pdftotext -bbox` places it, in points. */
interface PdfWord {
  text: string;
  height: number;
}

/** Every word of a PDF with the height of its box, which grows with its type's size. */
async function wordsOf(pdfFile: string): Promise<PdfWord[]> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-bbox', pdfFile, '-']);
  return [
    ...stdout.matchAll(
      /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, top = '0', bottom = '0', text = '']) => ({
    text: text.replaceAll('&amp;', '&'),
    height: Number(bottom) - Number(top),
  }));
}

describe('an engraved pendant, bought on a phone and packed by the owner', () => {
  let paypal: PayPalStandIn;
  let shop: ShopProcess;
  let dataDir: string;
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

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SHOTS, `engraving-${name}.png`), fullPage: true });

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    paypal = started.paypal = await startPayPalStandIn();
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-engraving-'));
    shop = started.shop = await startShopProcess({
      ...payPalEnvironment(paypal),
      SEED: 'demo',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.db')}`,
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

  it('a shopper on a phone engraves "A & J" on the disc pendant, sees the price change, ticks the terms and pays with PayPal; the owner prints the slip with the text in large type', async () => {
    const disc = await product('Engravable Disc Pendant');
    const name = 'Jo Engraved';
    const email = `jo-engraved-${Date.now()}@example.com`;
    const password = 'engraving journey';
    const { token } = userInfoSchema.parse(
      await api('POST', '/users', undefined, { name, email, password }),
    );

    // Jo, on her phone, chooses the 45 cm chain and types her engraving.
    const page = await newPage('phone');
    await page.goto(`/product/${disc._id}`);
    await page.getByRole('heading', { name: disc.name, level: 1 }).waitFor();
    await page.getByText('45 cm', { exact: true }).click();
    const engraving = page.getByRole('group', { name: 'Engraving (optional)' });
    await engraving.getByText('Without engraving: £38.00').waitFor();
    await engraving
      .getByText('Personalised items are made for you, so they cannot be returned or cancelled')
      .waitFor();
    // A character the engraver cannot cut is said as it is typed.
    await engraving.getByLabel('Line 1').fill('A & J!');
    await engraving
      .getByText("The engraving cannot hold “!”: only letters A to Z, spaces and & . ' -")
      .waitFor();
    await engraving.getByLabel('Line 1').fill('A & J');
    // £38.00, and £8.00 with three letters at £1.00: the spaces are free.
    await engraving.getByText('With your engraving: £49.00 (engraving £11.00)').waitFor();
    await engraving.getByRole('img', { name: 'Preview of the engraving: A & J' }).waitFor();
    await expectAccessible(page);
    await shot(page, 'product-phone');
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();
    // The fields are cleared for another text, which would be a line of its own.
    expect(await engraving.getByLabel('Line 1').inputValue()).toBe('');

    await page.goto('/basket');
    const basket = page.getByRole('list', { name: 'Items in your basket' });
    await basket.getByText('Engraving:').waitFor();
    await basket.getByText('A & J', { exact: true }).waitFor();
    await basket.getByText('£49.00 each').waitFor();
    await expectAccessible(page);
    await shot(page, 'basket-phone');

    await page.goto('/account/login?redirect=/checkout/shipping');
    await signIn(page, email, password);
    await page.waitForURL(/\/checkout\/shipping$/);
    await fillAddress(page, { line1: '7 Quay Street', city: 'Bristol', postcode: 'BS1 4DJ' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    const items = page.getByRole('list', { name: 'Items to order' });
    await items.getByText('A & J', { exact: true }).waitFor();
    await items.getByText('1 × £49.00').waitFor();
    const terms = page.getByRole('checkbox', {
      name: 'I understand that personalised items are made for me and cannot be returned or cancelled for a change of mind.',
    });
    await terms.waitFor();
    // Nothing can be paid until she ticks it.
    await page.getByText('Please tick the box above about personalised items to pay.').waitFor();
    expect(await page.getByRole('button', { name: 'PayPal', exact: true }).count()).toBe(0);
    await expectAccessible(page);
    await terms.check();
    await page.getByRole('button', { name: 'PayPal', exact: true }).waitFor();
    await shot(page, 'checkout-phone');
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'PayPal' })
      .getByRole('button', { name: 'Pay with PayPal' })
      .click();
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
    await page.getByRole('list', { name: 'What you bought' }).getByText('A & J').waitFor();
    const id = /order\/([0-9a-f]{24})/.exec(page.url())?.[1] ?? '';
    const order = orderSchema.parse(await api('GET', `/orders/${id}`, token));
    expect(order.orderItems).toMatchObject([
      { price: 49, personalisation: 'A & J', personalisationLabel: 'Engraving' },
    ]);

    // Her order page says it cannot be cancelled, and offers no button to.
    await page.goto(`/account/order/${id}`);
    await page.getByRole('heading', { name: 'Cancelling this order' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await expectAccessible(page);

    // The owner opens the order and prints its packing slip.
    const owner = await newPage('desktop');
    await owner.goto(`/account/login?redirect=/admin/order/${id}`);
    await signIn(owner, ADMIN.email, ADMIN.password);
    await owner.waitForURL(/\/admin\/order\//);
    await owner.getByRole('list', { name: 'Items in this order' }).getByText('A & J').waitFor();
    await owner.goto(`/admin/slips?orders=${id}`);
    const slip = owner.getByRole('article', { name: `Order ${order.orderNumber}` });
    await slip.getByText('A & J', { exact: true }).waitFor();
    await expectAccessible(owner);
    await shot(owner, 'slips-desktop');
    await owner.emulateMedia({ media: 'print' });
    const pdfFile = path.join(SHOTS, 'engraving-slips.pdf');
    await writeFile(pdfFile, await owner.pdf({ format: 'A4' }));
    const words = await wordsOf(pdfFile);
    const heightOf = (text: string) =>
      Math.max(0, ...words.filter((word) => word.text === text).map((word) => word.height));
    // The text is on the pick list and on the slip, in type at least half as large again as
    // the item's name beside it.
    expect(words.filter((word) => word.text === '&').length).toBeGreaterThanOrEqual(2);
    expect(heightOf('&')).toBeGreaterThan(heightOf('Engravable') * 1.5);

    // And the desk lists it to be made, with its text and the day it is due.
    await owner.emulateMedia({ media: 'screen' });
    await owner.goto('/admin');
    const toMake = owner.getByRole('region', { name: /To make/ });
    const row = toMake.getByRole('row').filter({ hasText: order.orderNumber });
    await row.getByText(new RegExp(`^1 × ${disc.name}`)).waitFor();
    await row.getByText('A & J', { exact: true }).waitFor();
    await row.getByText(shortDay(order.delivery?.estimate.dispatch ?? '')).waitFor();
    await expectAccessible(owner);
    await shot(owner, 'desk-desktop');
  }, 180_000);

  it('the owner finds the engraving among the product’s fields, and its words for the shopper', async () => {
    const disc = await product('Engravable Disc Pendant');
    const owner = await newPage('desktop');
    await owner.goto(`/account/login?redirect=/admin/product/${disc._id}/edit`);
    await signIn(owner, ADMIN.email, ADMIN.password);
    const section = owner.getByRole('group', { name: 'Personalisation' });
    await section.getByRole('checkbox', { name: /Buyers can personalise it/ }).waitFor();
    expect(await section.getByLabel('Called').inputValue()).toBe('Engraving');
    expect(await section.getByLabel('Characters a line').inputValue()).toBe('12');
    expect(await section.getByLabel('Price a character (£)').inputValue()).toBe('1.00');
    await expectAccessible(owner);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(SHOTS, 'engraving-editor-desktop.png') });
  }, 60_000);

  it('shows the product page and the basket at desktop width', async () => {
    const disc = await product('Engravable Disc Pendant');
    const page = await newPage('desktop');
    await page.goto(`/product/${disc._id}?variant=${disc.variants[1]?._id ?? ''}`);
    const engraving = page.getByRole('group', { name: 'Engraving (optional)' });
    await engraving.getByLabel('Line 1').fill('Mum');
    await engraving.getByText('With your engraving: £49.00 (engraving £11.00)').waitFor();
    await engraving.getByLabel('Line 2').fill('Always');
    // Mum and Always: nine letters at £1.00, and £8.00.
    await engraving.getByText('With your engraving: £55.00 (engraving £17.00)').waitFor();
    await expectAccessible(page);
    await shot(page, 'product-desktop');
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.goto('/basket');
    await page
      .getByRole('list', { name: 'Items in your basket' })
      .getByText('Always', { exact: true })
      .waitFor();
    await shot(page, 'basket-desktop');
  }, 60_000);
});
