import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, expect, inject } from 'vitest';
import { userInfoSchema } from '../../src/shared/accounts';
import { productPageSchema, productSchema, type Product } from '../../src/shared/catalog';
import { launchBrowser, VIEWPORTS } from './browser';

export const baseUrl = () => inject('baseUrl');

/**
 * One Chromium for a file and a fresh context (own storage) for each journey. A page error or
 * a console error fails the journey.
 */
export function useBrowser(viewport: keyof typeof VIEWPORTS = 'desktop') {
  let browser: Browser;
  let context: BrowserContext;
  const state = { page: undefined as unknown as Page, problems: [] as string[] };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
    state.page = await context.newPage();
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

/** Fails on any serious or critical accessibility violation of the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
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
export async function apiToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} answered ${response.status}`);
  return userInfoSchema.parse(await response.json()).token;
}

/** The admin given to the journeys changes a product's price through the API, keeping the rest. */
export async function setPriceAsAdmin(productId: string, price: number): Promise<void> {
  const admin = inject('admin');
  const token = await apiToken(admin.email, admin.password);
  const address = `${baseUrl()}/api/products/${encodeURIComponent(productId)}`;
  const product = productSchema.parse(await (await fetch(address)).json());
  const { name, image, brand, category, countInStock, description } = product;
  const response = await fetch(address, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, price, image, brand, category, countInStock, description }),
  });
  if (!response.ok) {
    throw new Error(`Changing the price of ${name} answered ${response.status}`);
  }
}
