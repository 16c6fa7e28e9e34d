import { describe, expect, it } from 'vitest';
import { catalogue, expectAccessible, soldOneWay, useBrowser } from './support';

async function stockedProduct(minimum: number) {
  const product = (await catalogue()).find(
    (candidate) => soldOneWay(candidate) && candidate.countInStock >= minimum,
  );
  if (!product) throw new Error(`no demo product has ${minimum} in stock`);
  return product;
}

describe('the basket', () => {
  const browser = useBrowser();

  it('a shopper adds from quick view and the product page, changes quantity and removes', async () => {
    const { page } = browser;
    const product = await stockedProduct(3);
    await page.goto(`/search/${encodeURIComponent(product.name)}`);
    await page.getByRole('button', { name: `Quick view ${product.name}` }).click();
    const quickView = page.getByRole('dialog', { name: 'Quick view' });
    await quickView.getByRole('heading', { name: product.name }).waitFor();
    await expectAccessible(page);
    await quickView.getByLabel('Quantity').selectOption('2');
    await quickView.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('status').filter({ hasText: 'Item(s) added to basket' }).waitFor();
    await quickView.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Basket, 2 items' }).waitFor();

    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    // One added to a line that holds two makes three.
    await page.getByRole('button', { name: 'Basket, 3 items' }).waitFor();

    await page.getByRole('button', { name: 'Basket, 3 items' }).click();
    const panel = page.getByRole('dialog', { name: 'Basket' });
    await panel.getByText('Subtotal (3 items)').waitFor();
    await expectAccessible(page);
    const quantity = panel.getByLabel(`Quantity of ${product.name}`);
    expect(await quantity.locator('option').count()).toBe(product.countInStock);
    await quantity.selectOption('2');
    await panel.getByText('Subtotal (2 items)').waitFor();
    const items = panel.getByRole('list', { name: 'Items in your basket' });
    await items.getByText(`£${product.price.toFixed(2)} each`).waitFor();
    await items.getByText(`Line total £${(product.price * 2).toFixed(2)}`).waitFor();

    await panel.getByRole('button', { name: `Remove ${product.name}` }).click();
    await panel.getByText('Basket is empty').waitFor();
    await page.getByRole('status').filter({ hasText: 'Item(s) removed from basket' }).waitFor();
  });

  it('the basket survives a reload and shows how far free delivery is', async () => {
    const { page } = browser;
    const cheap = (await catalogue()).find(
      (product) => soldOneWay(product) && product.countInStock > 0 && product.price < 59.99,
    );
    if (!cheap) throw new Error('no cheap product in the demo catalogue');
    await page.goto(`/product/${cheap._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Basket, 1 item' }).click();
    const panel = page.getByRole('dialog', { name: 'Basket' });
    await panel.getByRole('link', { name: cheap.name }).waitFor();
    const shortfall = (6000 - Math.round(cheap.price * 100)) / 100;
    await panel.getByText(`Spend £${shortfall.toFixed(2)} more for free delivery`).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('basketItems'));
    expect(JSON.parse(stored ?? '[]')).toMatchObject([{ product: cheap._id, qty: 1 }]);

    await panel.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL('**/account/login?redirect=/checkout/shipping');
  });

  it('the basket page adds a product from its address and works like the panel', async () => {
    const { page } = browser;
    const product = await stockedProduct(2);
    await page.goto(`/basket/${product._id}?qty=2`);
    await page.waitForURL((url) => url.pathname === '/basket');
    await page.getByRole('heading', { name: 'Your basket' }).waitFor();
    await page.getByText('Subtotal (2 items)').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Remove ${product.name}` }).click();
    await page.getByText('Basket is empty').waitFor();
  });
});
