import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/catalog/catalog';
import { catalogue, expectAccessible, tabTo, useBrowser } from './support';

/** A demo product with a gallery: the heart pendant has three pictures. */
async function productWithGallery(): Promise<Product> {
  const product = (await catalogue()).find((candidate) => candidate.images.length >= 3);
  if (!product) throw new Error('no product of the demo catalogue has a gallery');
  return product;
}

/** Every picture address the page has asked for, as the browser asks. */
function picturesAskedFor(page: Page): Set<string> {
  const asked = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/uploads/')) asked.add(pathname);
  });
  return asked;
}

/** A picture's large copies: the browser takes the one its screen needs (800 px or the largest). */
const largeCopies = (url: string) => [url, url.replace(/\.webp$/, '.md.webp')];
const askedLarge = (asked: Set<string>, url: string) =>
  largeCopies(url).some((copy) => asked.has(copy));

const thumbnails = (page: Page) => page.getByRole('list', { name: 'Pictures' }).getByRole('button');
const stage = (page: Page) => page.getByRole('button', { name: /^Larger view of picture/ });
const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement);

/** The thumbnail marked as the picture shown. */
async function shownNumber(page: Page): Promise<number> {
  const marks = await thumbnails(page).evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-current')),
  );
  return marks.indexOf('true') + 1;
}

describe('a product’s pictures on a wide screen', () => {
  const browser = useBrowser('desktop');

  it('a shopper browses a gallery by keyboard, opens the larger view and closes it with Escape', async () => {
    const { page } = browser;
    const product = await productWithGallery();
    const [first, second, third] = product.images;
    if (!first || !second || !third) throw new Error('the gallery has fewer than three pictures');
    const asked = picturesAskedFor(page);
    await page.goto(`/product/${product._id}`);
    await thumbnails(page).first().waitFor();
    await expectAccessible(page);
    // Only the first picture is loaded large with the page.
    expect(askedLarge(asked, first.url)).toBe(true);
    const others = [...largeCopies(second.url), ...largeCopies(third.url)];
    expect([...asked].filter((url) => others.includes(url))).toEqual([]);

    await tabTo(page, thumbnails(page).first());
    await page.keyboard.press('ArrowRight');
    expect(await isFocused(thumbnails(page).nth(1))).toBe(true);
    expect(await shownNumber(page)).toBe(2);
    await expect.poll(() => stage(page).locator('img').getAttribute('alt')).toBe(second.alt);
    await expect.poll(() => askedLarge(asked, second.url)).toBe(true);
    await page.keyboard.press('End');
    expect(await shownNumber(page)).toBe(product.images.length);

    // The picture shown opens large; the focus goes into the view and comes back when it closes.
    await tabTo(page, stage(page), { back: true });
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: /^Picture/ });
    await view
      .getByRole('heading', {
        name: `Picture ${product.images.length} of ${product.images.length}`,
      })
      .waitFor();
    expect(await view.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('ArrowLeft');
    await view
      .getByRole('heading', {
        name: `Picture ${product.images.length - 1} of ${product.images.length}`,
      })
      .waitFor();
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
    expect(await isFocused(stage(page))).toBe(true);
    expect(await shownNumber(page)).toBe(product.images.length - 1);
  });
});

/** A finger put on the element, moved sideways by `distance` pixels, and lifted. */
async function swipe(page: Page, target: Locator, distance: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - distance / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (distance * step) / 6, y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('a product’s pictures on a phone', () => {
  const browser = useBrowser('phone', { hasTouch: true });

  it('a shopper swipes through a gallery, taps a picture for the larger view and swipes there too', async () => {
    const { page } = browser;
    const product = await productWithGallery();
    await page.goto(`/product/${product._id}`);
    await thumbnails(page).first().waitFor();
    await expectAccessible(page);

    await swipe(page, stage(page), -160);
    await expect.poll(() => shownNumber(page)).toBe(2);
    await swipe(page, stage(page), -160);
    await expect.poll(() => shownNumber(page)).toBe(3);
    await swipe(page, stage(page), 160);
    await expect.poll(() => shownNumber(page)).toBe(2);
    // A touch that barely moves is a tap, not a swipe: it opens the larger view of that picture.
    await swipe(page, stage(page), -8);
    const view = page.getByRole('dialog', { name: /^Picture/ });
    await view.getByRole('heading', { name: `Picture 2 of ${product.images.length}` }).waitFor();
    await expectAccessible(page);
    await swipe(page, view.getByRole('img'), -160);
    await view.getByRole('heading', { name: `Picture 3 of ${product.images.length}` }).waitFor();
    await view.getByRole('button', { name: 'Close the larger view' }).tap();
    await view.waitFor({ state: 'hidden' });
    expect(await shownNumber(page)).toBe(3);
  });
});
