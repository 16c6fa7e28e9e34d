import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogue, useBrowser } from './support';

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (label: string) => boolean, limit = 60) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active) return '|';
      return `${active.getAttribute('aria-label') ?? ''}|${active.textContent.trim()}`;
    });
    if (matches(label)) return;
  }
  throw new Error('could not reach the element with Tab');
}

describe('the shop with the keyboard alone', () => {
  const browser = useBrowser();

  it('a shopper searches, opens a product, adds it and checks the basket without a mouse', async () => {
    const { page } = browser;
    const product = (await catalogue()).find((candidate) => candidate.countInStock > 1);
    if (!product) throw new Error('no product in stock');
    await page.goto('/');
    await page.getByRole('list', { name: 'Products' }).waitFor();

    await tabTo(page, (label) => label.includes('Skip to content'));
    await tabTo(page, (label) => label.includes('Larkspur'));
    await page.keyboard.press('Tab');
    await page.keyboard.type(product.name);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search/**');
    await page.getByRole('list', { name: /Search results/ }).waitFor();

    await tabTo(page, (label) => label.endsWith(`|${product.name}`));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/product/${product._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).waitFor();

    await tabTo(page, (label) => label.startsWith('|Add To Basket'));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Basket, 1 item' }).waitFor();

    await page.getByRole('button', { name: 'Basket, 1 item' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Basket' });
    await panel.waitFor();
    const focusInside = await page.evaluate(() =>
      Boolean(document.activeElement?.closest('dialog')),
    );
    expect(focusInside).toBe(true);
    // Tabbing round the panel never reaches the page behind it (past the last control, focus
    // may visit the browser's own toolbar, where the page sees no active element).
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      const place = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        return active.closest('dialog') ? 'panel' : 'page behind';
      });
      expect(place).not.toBe('page behind');
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Basket, 1 item');
  });
});
