import { describe, it } from 'vitest';
import { catalogue, expectAccessible, soldOneWay, useBrowser } from './support';

describe('the shop on a phone', () => {
  const browser = useBrowser('phone');

  it('a shopper on a phone browses, opens a product and adds it from the bottom bar', async () => {
    const { page } = browser;
    const product = (await catalogue()).find(
      (candidate) => soldOneWay(candidate) && candidate.countInStock > 0,
    );
    if (!product) throw new Error('no product in stock');
    await page.goto('/');
    await page.getByRole('list', { name: 'Products' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.name);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.getByRole('list', { name: /Search results/ }).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: product.name, exact: true }).first().click();
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await expectAccessible(page);

    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
    await shortcuts.getByRole('button', { name: 'Basket, 1 item' }).click();
    const panel = page.getByRole('dialog', { name: 'Basket' });
    await panel.getByRole('link', { name: product.name }).waitFor();
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Close basket' }).click();
    await panel.waitFor({ state: 'hidden' });

    await shortcuts.getByRole('button', { name: 'Account' }).click();
    const menu = page.getByRole('dialog', { name: 'Account' });
    await menu.getByRole('link', { name: 'Sign In' }).waitFor();
    await menu.getByRole('link', { name: 'Sign Up' }).waitFor();
    await expectAccessible(page);
  });
});
