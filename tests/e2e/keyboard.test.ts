import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogue, soldOneWay, tabTo, useBrowser } from './support';

const whereIsFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'browser';
    return active.closest('dialog') ? 'panel' : 'page behind';
  });

describe('the shop with the keyboard alone', () => {
  const browser = useBrowser();

  it('a shopper searches, opens a product, adds it and checks the basket', async () => {
    const { page } = browser;
    const product = (await catalogue()).find(
      (candidate) => soldOneWay(candidate) && candidate.countInStock > 1,
    );
    if (!product) throw new Error('no product in stock');
    await page.goto('/');
    await page.getByRole('list', { name: 'Products' }).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await tabTo(page, page.getByRole('searchbox', { name: 'Search products' }));
    await page.keyboard.type(product.name);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search/**');
    const results = page.getByRole('list', { name: /Search results/ });
    await results.waitFor();

    await tabTo(page, results.getByRole('link', { name: product.name, exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${product._id}`);
    const add = page.getByRole('button', { name: 'Add To Basket' });
    await add.waitFor();
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const basketButton = page.getByRole('button', { name: 'Basket, 1 item' });
    await basketButton.waitFor();

    await tabTo(page, basketButton, { back: true });
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Basket' });
    await panel.waitFor();
    expect(await whereIsFocus(page)).toBe('panel');
    // Tabbing round the panel never reaches the page behind it (past the last control, focus
    // may visit the browser's own toolbar, where the page sees no active element).
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await whereIsFocus(page)).not.toBe('page behind');
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Basket, 1 item');
  });

  it('a shopper uses quick view, changes a quantity and removes a line', async () => {
    const { page } = browser;
    const product = (await catalogue()).find(
      (candidate) => soldOneWay(candidate) && candidate.countInStock >= 3,
    );
    if (!product) throw new Error('no product with three in stock');
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    await page.getByRole('list', { name: /Search results/ }).waitFor();

    const quickViewButton = page.getByRole('button', { name: `Quick view ${product.name}` });
    await tabTo(page, quickViewButton);
    // Hidden until hover for a mouse, the button shows itself with a focus ring once focused.
    await expect
      .poll(() =>
        quickViewButton.evaluate((element) => {
          const style = getComputedStyle(element);
          return { opacity: style.opacity, outline: style.outlineStyle };
        }),
      )
      .toEqual({ opacity: '1', outline: 'solid' });
    await page.keyboard.press('Enter');
    const quickView = page.getByRole('dialog', { name: 'Quick view' });
    const quantity = quickView.getByLabel('Quantity');
    await quantity.waitFor();
    await tabTo(page, quantity, { limit: 10 });
    await page.keyboard.press('ArrowDown');
    expect(await quantity.inputValue()).toBe('2');
    await tabTo(page, quickView.getByRole('button', { name: 'Add To Basket' }), { limit: 5 });
    await page.keyboard.press('Enter');
    await quickView.waitFor({ state: 'hidden' });

    const basketButton = page.getByRole('button', { name: 'Basket, 2 items' });
    await tabTo(page, basketButton, { back: true });
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Basket' });
    const lineQuantity = panel.getByLabel(`Quantity of ${product.name}`);
    await tabTo(page, lineQuantity, { limit: 10 });
    await page.keyboard.press('ArrowDown');
    await panel.getByText('Subtotal (3 items)').waitFor();
    await tabTo(page, panel.getByRole('button', { name: `Remove ${product.name}` }), { limit: 5 });
    await page.keyboard.press('Enter');
    await panel.getByText('Basket is empty').waitFor();
  });

  it('a shopper pages the shop, subscribes and reads the FAQ', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('list', { name: 'Products' }).waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Page 2' }), { limit: 120 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/page/2');

    await tabTo(page, page.getByRole('textbox', { name: 'Email address' }), { limit: 120 });
    await page.keyboard.type(`keys-${Date.now()}@example.com`);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Thank you for subscribing' }).waitFor();

    await tabTo(page, page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }), {
      limit: 20,
    });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/faq');
    const question = page.getByText('Is delivery free?');
    await tabTo(page, question, { limit: 40 });
    await page.keyboard.press('Enter');
    expect(await question.evaluate((summary) => summary.parentElement?.hasAttribute('open'))).toBe(
      true,
    );
  });
});
