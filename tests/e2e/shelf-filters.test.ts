import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { baseUrl, expectAccessible, useBrowser } from './support';

// The demo's knitwear comes in sizes XS to XL, from £22 to £120.
const FILTERED = /\/category\/knitwear\?(.*&)?size=M(&.*)?$/;

/** The prices the grid's products sell at, in its order: on sale, the price now (the last). */
async function pricesShown(page: Page): Promise<number[]> {
  const cards = page.getByRole('list', { name: 'Knitwear' }).getByRole('listitem');
  const texts = await cards.allTextContents();
  return texts.map((text) =>
    Number([...text.matchAll(/£([\d,]+\.\d\d)/g)].at(-1)?.[1]?.replace(',', '')),
  );
}

/** How many products the shop lists for a query of `GET /api/products`. */
async function totalOf(query: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl()}/api/products?${query}`)).json()) as {
    total: number;
  };
  return answer.total;
}

/** A ring-size chip, a metal box, or any other filter, by the words its label shows. */
const sizeChip = (scope: Page | Locator, size: string) =>
  scope.locator('label').filter({ hasText: new RegExp(`^${size}$`) });

/** A size's box in the filters' form, found whether the form is open or not. */
const sizeBox = (page: Page, size: string) => page.locator(`input[name="size"][value="${size}"]`);

describe("a shelf's filters on a phone", () => {
  const browser = useBrowser('phone');

  it('a shopper filters the knitwear by size and price, sorts it by price, opens a jumper and comes back to the same filters', async () => {
    const { page } = browser;
    await page.goto('/category/knitwear');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await sizeChip(panel, 'M').click();
    await panel.getByLabel('Max price (£)').fill('100');
    // The panel counts what the picks would show before they are applied, as the shop does.
    const promised = await totalOf('category=knitwear&size=M&priceMax=100');
    const show = panel.getByRole('button', { name: `Show ${promised} results` });
    await show.waitFor();
    await expectAccessible(page);
    await show.click();

    await page.waitForURL(FILTERED);
    expect(new URL(page.url()).searchParams.get('priceMax')).toBe('100');
    await page.getByText(`${promised} products`).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => pricesShown(page).then((prices) => prices.length)).toBe(promised);
    expect((await pricesShown(page)).every((price) => price <= 100)).toBe(true);
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();

    await page.getByLabel('Sort by').selectOption({ label: 'Price, low to high' });
    await page.waitForURL(/sort=price-asc/);
    await expect
      .poll(async () => {
        const prices = await pricesShown(page);
        return prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) <= price);
      })
      .toBe(true);
    const filtered = page.url();
    await expectAccessible(page);

    const first = page.getByRole('list', { name: 'Knitwear' }).getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.goBack();

    await page.waitForURL(filtered);
    await page.getByRole('link', { name: 'Remove Size M' }).waitFor();
    await page.getByRole('link', { name: 'Remove Up to £100' }).waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-asc');
    expect(await page.getByText(`${promised} products`).count()).toBe(1);
  });
});

describe("a shelf's filters on a phone without JavaScript", () => {
  let chromium: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    chromium = await launchBrowser();
    context = await chromium.newContext({
      viewport: VIEWPORTS.phone,
      baseURL: baseUrl(),
      javaScriptEnabled: false,
    });
  });
  afterAll(async () => {
    await context.close();
    await chromium.close();
  });

  it('a shopper without JavaScript filters the knitwear by size and price, sorts it, opens a jumper and comes back to the same filters', async () => {
    const page = await context.newPage();
    await page.goto('/category/knitwear');
    // The filters open in place, and are sent as a plain form.
    await page.locator('summary', { hasText: 'Filters' }).click();
    const form = page.getByRole('form', { name: 'Filters' });
    await sizeChip(form, 'M').click();
    await form.getByLabel('Max price (£)').fill('100');
    await form.getByRole('button', { name: 'Apply' }).click();

    await page.waitForURL(FILTERED);
    expect(new URL(page.url()).searchParams.get('priceMax')).toBe('100');
    expect((await pricesShown(page)).every((price) => price <= 100)).toBe(true);
    // The filters are closed again on the new page; the chip says what is in use.
    await page.getByRole('link', { name: 'Remove Size M' }).waitFor();
    expect(await sizeBox(page, 'M').isChecked()).toBe(true);

    await page.getByLabel('Sort by').selectOption({ label: 'Price, high to low' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await page.waitForURL(/sort=price-desc/);
    const prices = await pricesShown(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price, index) => index === 0 || (prices[index - 1] ?? 0) >= price)).toBe(
      true,
    );
    expect(new URL(page.url()).searchParams.getAll('size')).toEqual(['M']);
    const filtered = page.url();

    await page.getByRole('list', { name: 'Knitwear' }).getByRole('link').first().click();
    await page.waitForURL(/\/product\//);
    await page.goBack();
    await page.waitForURL(filtered);
    expect(await sizeBox(page, 'M').isChecked()).toBe(true);
    expect(await page.locator('input[name="priceMax"]').inputValue()).toBe('100');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-desc');
    await page.close();
  });
});
