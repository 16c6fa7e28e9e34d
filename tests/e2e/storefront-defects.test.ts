import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/shared/accounts/users';
import {
  baseUrl,
  catalogue,
  expectAccessible,
  newCustomer,
  soldOneWay,
  useBrowser,
} from './support';

/** A customer made through the API, as another client would. */
const customer = (name: string): Promise<UserInfo> => newCustomer(name);

/** Signs the browser in as the shop keeps a session: in its storage. */
async function signedInAs(page: Page, userInfo: UserInfo) {
  await page.goto('/faq');
  await page.evaluate((info) => localStorage.setItem('userInfo', JSON.stringify(info)), userInfo);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('on a phone', () => {
  const browser = useBrowser('phone');

  it('a shopper reads a review and searches with a very long word, and the page keeps its width', async () => {
    const { page } = browser;
    const product = (await catalogue()).find((candidate) => candidate.countInStock > 0);
    if (!product) throw new Error('no demo product in stock');
    const author = await customer('Wendy Widewordsworth');
    const longWord = 'Gorgeous'.repeat(120);
    const review = await fetch(`${baseUrl()}/api/products/${product._id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
      body: JSON.stringify({ rating: 5, comment: `Simply ${longWord}` }),
    });
    expect(review.status).toBe(201);

    await page.goto(`/product/${product._id}`);
    await page.getByText(`Simply ${longWord}`).waitFor();
    await page.getByText('Wendy W.', { exact: true }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    await page.goto(`/search/${longWord.slice(0, 400)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  it('a customer sees that their orders table scrolls sideways, and can scroll it by keyboard', async () => {
    const { page } = browser;
    await signedInAs(page, await customer('Tara Table'));
    await page.goto('/account/profile');
    // The table's own scrolling region, inside the page's section of the same name.
    const orders = page.locator('div[role="region"][aria-label="Your orders"]');
    await orders.waitFor();
    await page.getByText('Scroll sideways to see more').waitFor();
    expect(await orders.getAttribute('tabindex')).toBe('0');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await orders.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => orders.evaluate((region) => region.scrollLeft)).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});

describe('on a computer', () => {
  const browser = useBrowser();

  it('a shopper who chooses page 2 at the foot of the grid starts at its heading', async () => {
    const { page } = browser;
    await page.goto('/');
    const pageTwo = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', {
      name: 'Page 2',
    });
    await pageTwo.scrollIntoViewIfNeeded();
    await pageTwo.click();
    await page.waitForURL('**/page/2');
    const heading = page.getByRole('heading', { name: 'All products, page 2' });
    await expect
      .poll(() => heading.evaluate((element) => element === document.activeElement))
      .toBe(true);
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(900);
  });

  it('a shopper past the last page is told so and taken to the last one', async () => {
    const { page } = browser;
    await page.goto('/page/99');
    await page.getByText('There is no page 99.').waitFor();
    expect(await page.getByText('There is nothing in the shop yet.').count()).toBe(0);
    await page.getByRole('link', { name: /Go to the last page/ }).click();
    await page.getByRole('list', { name: 'Products' }).waitFor();
    expect(
      await page.getByRole('list', { name: 'Products' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
  });

  it('a shopper types their email the moment the sign-in form opens from the basket', async () => {
    const { page } = browser;
    const product = (await catalogue()).find(
      (candidate) => soldOneWay(candidate) && candidate.countInStock > 0,
    );
    if (!product) throw new Error('no demo product sold one way in stock');
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 1 item' }).click();
    await page
      .getByRole('dialog', { name: 'Basket' })
      .getByRole('button', { name: 'Proceed To Checkout' })
      .click();

    // Straight in, as a quick shopper does: no waiting for the panel to slide away.
    const email = page.getByRole('main').getByLabel('Email address');
    const box = await email.boundingBox();
    if (!box) throw new Error('the sign-in form did not show');
    await page.mouse.click(box.x + 10, box.y + box.height / 2);
    await page.keyboard.type('quick@example.com');

    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await email.inputValue()).toBe('quick@example.com');
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('a customer who reviewed a product is told so, and a size with few left fills the basket once', async () => {
    const { page } = browser;
    const products = await catalogue();
    const product = products.find((candidate) =>
      candidate.variants.some((variant) => variant.countInStock >= 2 && variant.countInStock <= 5),
    );
    const variant = product?.variants.find(
      (candidate) => candidate.countInStock >= 2 && candidate.countInStock <= 5,
    );
    if (!product || !variant) throw new Error('no demo variant with 2 to 5 in stock');
    const left = String(variant.countInStock);
    const reviewer = await customer('Rita Repeat');
    const review = await fetch(`${baseUrl()}/api/products/${product._id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reviewer.token}` },
      body: JSON.stringify({ rating: 4, comment: 'Nicely made' }),
    });
    expect(review.status).toBe(201);
    await signedInAs(page, reviewer);
    await page.goto(`/product/${product._id}?variant=${variant._id}`);
    await page.getByText('You reviewed this product').waitFor();
    expect(await page.getByRole('button', { name: 'Write a review' }).count()).toBe(0);
    await page.getByText(`Only ${left} left`, { exact: true }).waitFor();

    await page.getByLabel('Quantity').selectOption(left);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: `Basket, ${left} items` }).waitFor();
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `You have all ${left} we have in your basket` })
      .waitFor();
    await page.getByRole('button', { name: `Basket, ${left} items` }).waitFor();
  });
});
