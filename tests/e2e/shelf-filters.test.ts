import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { baseUrl, expectAccessible, useBrowser } from './support';

// The demo's rings come in UK sizes J to S: the sterling silver solitaire (£55) and the gold
// vermeil court band (£48), each sold out in sizes the other has.
const FILTERED = /\/category\/rings\?(.*&)?size=M(&.*)?$/;

/** The prices the grid's products sell at, in its order: on sale, the price now (the last). */
async function pricesShown(page: Page): Promise<number[]> {
  const cards = page.getByRole('list', { name: 'Rings' }).getByRole('listitem');
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

  it('a shopper filters the rings by size and metal, sorts them by price, opens one and comes back to the same filters', async () => {
    const { page } = browser;
    await page.goto('/category/rings');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await sizeChip(panel, 'M').click();
    await panel.getByRole('checkbox', { name: /^Sterling silver \(/ }).check();
    await panel.getByRole('checkbox', { name: /^Gold vermeil \(/ }).check();
    // The panel counts what the picks would show before they are applied, as the shop does.
    const promised = await totalOf('category=rings&size=M&metal=sterling%20silver,gold%20vermeil');
    expect(promised).toBe(2);
    const show = panel.getByRole('button', { name: `Show ${promised} results` });
    await show.waitFor();
    await expectAccessible(page);
    await show.click();

    await page.waitForURL(FILTERED);
    expect(new URL(page.url()).searchParams.getAll('metal').sort()).toEqual([
      'gold vermeil',
      'sterling silver',
    ]);
    await page.getByText(`${promised} products`).waitFor();
    // The panel closes once the filters are applied (after its closing movement).
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => pricesShown(page).then((prices) => prices.length)).toBe(promised);

    await page.getByLabel('Sort by').selectOption({ label: 'Price, low to high' });
    await page.waitForURL(/sort=price-asc/);
    await expect.poll(() => pricesShown(page)).toEqual([48, 55]);
    const filtered = page.url();
    await expectAccessible(page);

    await page.getByRole('list', { name: 'Rings' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Gold Vermeil Court Band', level: 1 }).waitFor();
    await page.goBack();

    await page.waitForURL(filtered);
    await page.getByRole('link', { name: 'Remove Size M' }).waitFor();
    await page.getByRole('link', { name: 'Remove Sterling silver' }).waitFor();
    await page.getByRole('link', { name: 'Remove Gold vermeil' }).waitFor();
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

  it('a shopper without JavaScript filters the rings by size and metal, sorts them, opens one and comes back to the same filters', async () => {
    const page = await context.newPage();
    await page.goto('/category/rings');
    // The filters open in place, and are sent as a plain form.
    await page.locator('summary', { hasText: 'Filters' }).click();
    const form = page.getByRole('form', { name: 'Filters' });
    await sizeChip(form, 'N').click();
    await form.getByRole('checkbox', { name: /^Sterling silver \(/ }).check();
    await form.getByRole('button', { name: 'Apply' }).click();

    // N is sold out in the court band: the solitaire alone.
    await page.waitForURL(/\/category\/rings\?(.*&)?size=N(&.*)?$/);
    expect(new URL(page.url()).searchParams.getAll('metal')).toEqual(['sterling silver']);
    expect(await pricesShown(page)).toEqual([55]);
    await page.getByText('1 product', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Remove Size N' }).waitFor();
    expect(await sizeBox(page, 'N').isChecked()).toBe(true);

    await page.getByLabel('Sort by').selectOption({ label: 'Price, high to low' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await page.waitForURL(/sort=price-desc/);
    expect(await pricesShown(page)).toEqual([55]);
    expect(new URL(page.url()).searchParams.getAll('size')).toEqual(['N']);
    const filtered = page.url();

    await page.getByRole('list', { name: 'Rings' }).getByRole('link').first().click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { name: 'Sterling Silver Solitaire Ring', level: 1 }).waitFor();
    await page.goBack();
    await page.waitForURL(filtered);
    expect(await sizeBox(page, 'N').isChecked()).toBe(true);
    expect(await page.locator('input[name="metal"][value="sterling silver"]').isChecked()).toBe(
      true,
    );
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-desc');
    await page.close();
  });
});
