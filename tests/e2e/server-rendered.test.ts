import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser';
import { apiSignIn, baseUrl, catalogue, soldOneWay, useBrowser } from './support';

describe('the storefront without JavaScript', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a shopper browses, pages, searches from the header and opens a product', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: VIEWPORTS.phone,
      baseURL: baseUrl(),
    });
    const page = await context.newPage();
    await page.goto('/');
    const grid = page.getByRole('list', { name: 'Products' });
    expect(await grid.getByRole('listitem').count()).toBe(12);
    const firstOnPageOne = await grid.getByRole('link').first().textContent();

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await page.waitForURL('**/page/2');
    expect(await grid.getByRole('link').first().textContent()).not.toBe(firstOnPageOne);

    await page
      .getByRole('navigation', { name: 'Shop by category' })
      .getByRole('link', { name: 'Knitwear' })
      .click();
    await page.waitForURL('**/category/knitwear');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Knitwear');

    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('moon');
    await search.press('Enter');
    await page.waitForURL('**/search/moon');
    const results = page.getByRole('list', { name: 'Search results for moon' });
    const first = results.getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL('**/product/**');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      (await catalogue()).find((product) => name.includes(product.name))?.name,
    );
    expect(await page.getByText(/£\d+\.\d\d/).count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the browser taking over a rendered page', () => {
  const browser = useBrowser('phone');

  it('hydrates the home, a product, a category and an information page without an error, signed in or not', async () => {
    const { page } = browser;
    const product = (await catalogue()).find(soldOneWay);
    const addresses = ['/', `/product/${product?._id ?? ''}`, '/category/jewellery', '/faq'];
    const openEach = async (list: string[]) => {
      for (const address of list) {
        await page.goto(address);
        await page
          .getByRole('heading', { level: 1 })
          .or(page.getByRole('heading', { level: 2 }))
          .first()
          .waitFor();
      }
    };
    await openEach(addresses);
    // A signed-in shopper with a basket: the header changes after the page is taken over.
    const { email, password } = inject('admin');
    const shopper = await apiSignIn(email, password);
    await page.evaluate(
      ([userInfo, item]) => {
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
        localStorage.setItem('basketItems', JSON.stringify([item]));
      },
      [
        shopper,
        {
          product: product?._id,
          name: product?.name,
          brand: product?.brand,
          image: product?.image,
          price: product?.price,
          countInStock: product?.countInStock,
          qty: 1,
        },
      ] as const,
    );
    await openEach(addresses);
    // useBrowser fails the journey on any page or console error, a hydration mismatch included.
  });

  it('keeps a 500-character unbroken word from widening the page on a phone', async () => {
    const { page } = browser;
    const word = 'x'.repeat(500);
    await page.goto(`/search/${word}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
  });
});
