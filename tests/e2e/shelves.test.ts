import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser } from './support';

/** Whether the whole of the element is inside the window, left to right. */
const wholeInView = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth;
  });

describe('the shelves on a phone', () => {
  const browser = useBrowser('phone');

  it('a shopper goes from the jewellery to its earrings and rings, each shelf shown in the menu', async () => {
    const { page } = browser;
    await page.goto('/category/jewellery');
    const menu = page.getByRole('navigation', { name: 'Shop by category' });
    const names = await menu.getByRole('link').allTextContents();
    expect(names.slice(0, 6)).toEqual([
      'Jewellery',
      'Knitwear',
      'Pendants',
      'Chains',
      'Rings',
      'Earrings',
    ]);

    const earrings = menu.getByRole('link', { name: 'Earrings' });
    await earrings.click();
    await page.waitForURL('**/category/earrings');
    await page.getByRole('heading', { name: 'Earrings', level: 1 }).waitFor();
    await page
      .getByRole('link', { name: /Chunky Gold Hoop Earrings/ })
      .first()
      .waitFor();
    expect(await earrings.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => wholeInView(earrings)).toBe(true);
    await expectAccessible(page);

    // Opened from its address, the shelf is in view too: the row has been scrolled to it.
    await page.goto('/category/accessories');
    const accessories = menu.getByRole('link', { name: 'Accessories' });
    await expect.poll(() => wholeInView(accessories)).toBe(true);
    expect(await page.getByRole('link', { name: /Solitaire Ring/ }).count()).toBe(0);

    await page.goto('/category/rings');
    await page
      .getByRole('link', { name: /Sterling Silver Solitaire Ring/ })
      .first()
      .waitFor();
    await expect
      .poll(() => wholeInView(menu.getByRole('link', { name: 'Rings', exact: true })))
      .toBe(true);
    await expectAccessible(page);
  });
});
