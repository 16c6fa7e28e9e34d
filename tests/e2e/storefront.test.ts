import { describe, expect, it } from 'vitest';
import { stockWords } from '../../src/shared/catalog/stock';
import { catalogue, expectAccessible, soldOneWay, useBrowser } from './support';

describe('browsing and searching the shop', () => {
  const browser = useBrowser();

  it('a shopper pages through the catalogue', async () => {
    const { page } = browser;
    await page.goto('/');
    const grid = page.getByRole('list', { name: 'Products' });
    await grid.waitFor();
    expect(await page.title()).toBe('Jewellery and knitwear from a small UK shop | Larkspur');
    expect(await grid.getByRole('listitem').count()).toBe(12);
    await expectAccessible(page);
    const firstOnPageOne = await grid.getByRole('link').first().textContent();

    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await page.waitForURL('**/page/2');
    await expect.poll(() => grid.getByRole('link').first().textContent()).not.toBe(firstOnPageOne);
    expect(await grid.getByRole('listitem').count()).toBe(12);
    await expect
      .poll(() => page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await page.title()).toBe('All products, page 2 | Larkspur');
    await expectAccessible(page);
  });

  it('a shopper searches: a hit, a miss and a blank search', async () => {
    const { page } = browser;
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('moon');
    await search.press('Enter');
    await page.waitForURL('**/search/moon');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Search results for ‘moon’');
    const results = page.getByRole('list', { name: 'Search results for moon' });
    await results.waitFor();
    expect(await results.getByRole('link', { name: 'Crescent Moon Pendant' }).count()).toBe(1);
    await expectAccessible(page);

    await search.fill('tiara');
    await search.press('Enter');
    await page.waitForURL('**/search/tiara');
    await page.getByText('Nothing matches ‘tiara’').waitFor();
    await expectAccessible(page);

    await search.fill('   ');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('list', { name: 'Products' }).waitFor();
  });

  it('a shopper reads a product, its reviews and similar items', async () => {
    const { page } = browser;
    const reviewed = (await catalogue()).find(
      (product) => soldOneWay(product) && product.numReviews > 0 && product.countInStock > 0,
    );
    if (!reviewed) throw new Error('the demo catalogue has no reviewed product in stock');
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(reviewed.name);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.getByRole('link', { name: reviewed.name, exact: true }).first().click();
    await page.waitForURL(`**/product/${reviewed._id}`);

    await page.getByRole('heading', { level: 1, name: reviewed.name, exact: true }).waitFor();
    expect(await page.title()).toBe(`${reviewed.name} | Larkspur`);
    await page
      .getByText(`£${reviewed.price.toFixed(2)}`)
      .first()
      .waitFor();
    await page.getByText(stockWords(reviewed.countInStock), { exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Delivery' })
      .getByText(/^(Order within .* for dispatch today|Dispatched \w{3} \d{1,2} \w{3}), arrives /)
      .waitFor();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    expect(await reviews.getByRole('listitem').count()).toBe(reviewed.numReviews);
    const similar = page.getByRole('list', { name: 'You may also like' });
    await similar.waitFor();
    expect(await similar.getByRole('listitem').count()).toBeGreaterThan(0);
    const options = await page.getByLabel('Quantity').locator('option').count();
    expect(options).toBe(reviewed.countInStock);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Write a review' }).click();
    const panel = page.getByRole('dialog', { name: 'Write a review' });
    await panel.getByText('Sign in to write a review').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
  });

  it('a product with no reviews says so, and one out of stock cannot be added but can be awaited', async () => {
    const { page } = browser;
    const soldOut = (await catalogue()).find(
      (product) => soldOneWay(product) && product.countInStock === 0,
    );
    const unreviewed = (await catalogue()).find((product) => product.numReviews === 0);
    if (!soldOut || !unreviewed)
      throw new Error('the demo catalogue lacks a sold-out or unreviewed product');
    await page.goto(`/product/${unreviewed._id}`);
    await page.getByText('No Reviews').waitFor();
    await page.goto(`/product/${soldOut._id}`);
    await page.getByRole('heading', { level: 1, name: soldOut.name }).waitFor();
    await page.getByText(`${soldOut.name} is sold out`).waitFor();
    expect(await page.getByRole('button', { name: 'Add To Basket' }).count()).toBe(0);
    await page.getByLabel('Email address').fill('waiting@example.com');
    await page.getByRole('button', { name: "Tell me when it's back" }).click();
    await page
      .getByRole('status')
      .filter({ hasText: "we will email you once when it's back" })
      .waitFor();
    await expectAccessible(page);
  });

  it('an unknown address shows a friendly page', async () => {
    const { page } = browser;
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
    await page.goto('/product/unknown-product');
    await page.getByText('Product not found').waitFor();
    await expectAccessible(page);
  });

  it('a developer reads the API documentation, which obeys the security policy too', async () => {
    const { page } = browser;
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Shop API/ }).waitFor();
    await page.getByText('/api/products/{id}/similar').waitFor();
  });
});
