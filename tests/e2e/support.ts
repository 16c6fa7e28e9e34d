import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, expect, inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { userInfoSchema, type UserInfo } from '../../src/shared/accounts/users';
import { productPageSchema, productSchema, type Product } from '../../src/shared/catalog/catalog';
import { orderSchema, type Order } from '../../src/shared/orders/orders';
import { providerPaymentAnswerSchema } from '../../src/shared/payments/payments';
import { launchBrowser, VIEWPORTS } from './browser';

export const baseUrl = () => inject('baseUrl');

/**
 * A page drawn by the server shows its buttons before the app has taken it over; a click then
 * would be lost. Each load (`goto`, `reload`) waits until the app says it is live, as a shopper's
 * first click in practice comes after it.
 */
export function waitForTheAppOnLoad(page: Page) {
  // Only the shop's own screens have the app's root; the API's documentation page does not.
  const live = () =>
    page.waitForFunction(
      () => !document.getElementById('root') || document.documentElement.dataset.app === 'live',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/**
 * One Chromium for a file and a fresh context (own storage) for each journey. A page error or
 * a console error fails the journey.
 */
export function useBrowser(
  viewport: keyof typeof VIEWPORTS = 'desktop',
  /** A touch screen, as a phone has: taps and swipes, as well as clicks. */
  { hasTouch = false }: { hasTouch?: boolean } = {},
) {
  let browser: Browser;
  let context: BrowserContext;
  const state = { page: undefined as unknown as Page, problems: [] as string[] };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await browser.newContext({
      viewport: VIEWPORTS[viewport],
      baseURL: baseUrl(),
      hasTouch,
    });
    state.page = await context.newPage();
    waitForTheAppOnLoad(state.page);
    state.problems = [];
    state.page.on('pageerror', (error) => state.problems.push(`page error: ${error.message}`));
    state.page.on('console', (message) => {
      // A 4xx from the API is an answer the page shows in words, not a fault of the page.
      const expectedAnswer = /^Failed to load resource: .* status of 4\d\d/.test(message.text());
      if (message.type() === 'error' && !expectedAnswer) {
        state.problems.push(`console error: ${message.text()}`);
      }
    });
  });
  afterEach(async () => {
    await context.close();
    expect(state.problems).toEqual([]);
  });
  return state;
}

/** The page's serious and critical accessibility violations, each with the nodes it is on. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/**
 * Fails on any serious or critical accessibility violation of the page as it settles: once the
 * screen has its title, and a toast or panel still fading in once it has arrived, not by its
 * colours halfway.
 */
export async function expectAccessible(page: Page) {
  // A screen that has just replaced another gives the document its title in its own commit.
  await page.waitForFunction(() => document.title !== '');
  // Endless ones (a spinner, a skeleton's pulse) are left to run.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const first = await seriousViolations(page);
  // A screen still being rewritten while axe reads it can show it a node already gone, without
  // its colours (seen as a contrast failure on ":root"): a violation is one still there at a
  // second look.
  const serious = first.length === 0 ? first : await seriousViolations(page);
  expect(serious).toEqual([]);
}

/** The demo catalogue as the API lists it, to choose products by their stock. */
export async function catalogue(): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl()}/api/products?pageNumber=${page}`);
    const body = productPageSchema.parse(await response.json());
    products.push(...body.products);
    if (page >= body.pages) return products;
  }
}

/** A product sold without options (sizes, lengths): Add To Basket needs no choice first. */
export const soldOneWay = (product: Product) => product.options.length === 0;

/** Signs in through the API, for a step a journey takes behind the scenes; answers the token. */
/** Signs in through the API; answers what the browser keeps for the session. */
export async function apiSignIn(email: string, password: string): Promise<UserInfo> {
  const response = await fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} answered ${response.status}`);
  return userInfoSchema.parse(await response.json());
}

export async function apiToken(email: string, password: string): Promise<string> {
  return (await apiSignIn(email, password)).token;
}

/** The admin given to the journeys changes a product's price through the API, keeping the rest. */
export async function setPriceAsAdmin(productId: string, price: number): Promise<void> {
  const admin = inject('admin');
  const token = await apiToken(admin.email, admin.password);
  const address = `${baseUrl()}/api/products/${encodeURIComponent(productId)}`;
  const product = productSchema.parse(await (await fetch(address)).json());
  const { name, image, brand, category, countInStock, description } = product;
  // Its options and specifications stay; each variant takes the new price too.
  const { options, specifications } = product;
  const variants = product.variants.map((variant) => ({ ...variant, price }));
  const response = await fetch(address, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      ...{ name, price, image, brand, category, countInStock, description },
      ...{ options, variants, specifications },
    }),
  });
  if (!response.ok) {
    throw new Error(`Changing the price of ${name} answered ${response.status}`);
  }
}

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, { limit = 80, back = false } = {}) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target.toString()} with the keyboard`);
}

/** Fills and sends the sign-in form the page shows. */
export async function signIn(page: Page, email: string, password: string) {
  // Exactly: on the way to checkout, the guest's "Email for your receipt" is on the page too.
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A client address of its own, which the journeys' shop believes from loopback. */
function forwardedFor(): Record<string, string> {
  const byte = () => 1 + ((randomBytes(1)[0] ?? 0) % 254);
  return { 'x-forwarded-for': `10.${byte()}.${byte()}.${byte()}` };
}

/**
 * Registers a customer through the API, as another client would; answers their user info and
 * password. Each registration comes from an address of its own, so that the journeys together
 * never reach the 20 registrations an hour the shop allows one address.
 */
export async function newCustomer(
  name: string,
  { email, password = 'checkout journey' }: { email?: string; password?: string } = {},
) {
  const response = await fetch(`${baseUrl()}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forwardedFor() },
    body: JSON.stringify({
      name,
      email:
        email ??
        `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@example.com`,
      password,
    }),
  });
  return { ...userInfoSchema.parse(await response.json()), password };
}

/**
 * From the payment step on to Place Order. The shipping step's Continue can stay on screen while
 * the payment step's code loads, so the step's own heading shows before its Continue is pressed.
 */
export async function continueFromPayment(page: Page) {
  await page.waitForURL(/\/checkout\/payment$/);
  await page.getByRole('heading', { name: 'Payment method' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/checkout\/placeorder$/);
}

/** Fills the delivery form; the recipient's name starts as the shopper's own. */
export async function fillAddress(
  page: Page,
  address: { name?: string; line1: string; city: string; postcode: string },
) {
  if (address.name !== undefined) await page.getByLabel("Recipient's name").fill(address.name);
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('Town or city').fill(address.city);
  await page.getByLabel('Postcode').fill(address.postcode);
}

async function post(path: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${String(response.status)}`);
  return response.json();
}

/**
 * A customer's paid order of one thing, sent to a postcode, made through the API: a new
 * customer's, or that of the signed-in `customer` given.
 */
export async function paidOrder(
  name: string,
  postalCode: string,
  signedIn?: { token: string },
): Promise<Order> {
  const customer = signedIn ?? (await newCustomer(name));
  const product = (await catalogue()).find(
    (candidate) => soldOneWay(candidate) && candidate.countInStock >= 3,
  );
  if (!product) throw new Error('no suitable demo product');
  const orderItems = [{ product: product._id, qty: 1 }];
  const shippingAddress = {
    name,
    address: '4 Harbour Row',
    city: 'Penzance',
    postalCode,
    country: 'United Kingdom',
  };
  const payment = providerPaymentAnswerSchema.parse(
    await post('/payments', customer.token, { orderItems, shippingAddress }),
  );
  return orderSchema.parse(
    await post('/orders', customer.token, {
      orderItems,
      shippingAddress,
      notes: '',
      paymentResult: { id: payment.id },
    }),
  );
}
