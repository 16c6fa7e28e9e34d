import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Product } from '../../src/shared/catalog/catalog';
import { providerPaymentAnswerSchema } from '../../src/shared/payments/payments';
import {
  baseUrl,
  catalogue,
  expectAccessible,
  newCustomer,
  signIn,
  soldOneWay,
  useBrowser,
} from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

const VIEWPORTS = ['desktop', 'phone'] as const;

async function post(url: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${String(response.status)}`);
  return response.json();
}

/**
 * A demo product already reviewed, sold one way with stock to spare: one of its own for each
 * journey and screen, from the end of the catalogue, so that journeys elsewhere that look for an
 * unreviewed product or the first in stock keep theirs.
 */
async function reviewedProduct(journey: number, viewport: (typeof VIEWPORTS)[number]) {
  const candidates = (await catalogue()).filter(
    (product) => soldOneWay(product) && product.countInStock >= 3 && product.numReviews > 0,
  );
  const product: Product | undefined = candidates.at(
    -1 - journey * 2 - VIEWPORTS.indexOf(viewport),
  );
  if (!product) throw new Error('not enough reviewed demo products');
  return product;
}

/** A customer's paid order of the product, through the API, as the checkout makes one. */
async function buy(token: string, product: Product) {
  const orderItems = [{ product: product._id, qty: 1 }];
  const shippingAddress = {
    name: 'Vera Verified',
    address: '4 Harbour Row',
    city: 'Penzance',
    postalCode: 'TR18 4AA',
    country: 'United Kingdom',
  };
  const payment = providerPaymentAnswerSchema.parse(
    await post('/payments', token, { orderItems, shippingAddress }),
  );
  await post('/orders', token, {
    orderItems,
    shippingAddress,
    notes: '',
    paymentResult: { id: payment.id },
  });
}

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).waitFor();

/** The review on the page that says these words: its list item or its card. */
const reviewSaying = (page: Page, words: string, tag = 'li') =>
  page.getByRole('main').locator(tag).filter({ hasText: words }).last();

describe.each(VIEWPORTS)('verified reviews and moderation (%s)', (viewport) => {
  const browser = useBrowser(viewport);

  it('a buyer follows the mailed link, reviews what they bought and sees Verified purchase', async () => {
    const { page } = browser;
    const product = await reviewedProduct(0, viewport);
    const buyer = await newCustomer(`Vera Verified ${viewport}`);
    await buy(buyer.token, product);

    await page.goto('/account/login');
    await signIn(page, buyer.email, buyer.password);
    await page.waitForURL(/\/account\/profile$|\/$/);
    // The invitation's link opens the review form on the product's page.
    await page.goto(`/product/${product._id}?review=write`);
    const panel = page.getByRole('dialog');
    await panel.getByRole('radio', { name: /Top Notch/ }).check();
    const comment = `Bought it for my sister, who wears it daily (${viewport})`;
    await panel.getByLabel('Comment').fill(comment);
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Leave Feedback' }).click();
    await toast(page, 'Review submitted!');
    await panel.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${baseUrl()}/product/${product._id}`);

    const mine = reviewSaying(page, comment);
    await mine.getByText('Verified purchase').waitFor();
    await expectAccessible(page);
  });

  it('a shopper reports a review; the owner hides it with a reason and replies to another', async () => {
    const { page } = browser;
    const product = await reviewedProduct(1, viewport);
    const spam = `Cheaper at my stall, come and see (${viewport})`;
    const kind = `The clasp is sturdy and the box lovely (${viewport})`;
    const spammer = await newCustomer(`Sid Spam ${viewport}`);
    const happy = await newCustomer(`Hope Happy ${viewport}`);
    await buy(happy.token, product);
    await post(`/products/${product._id}/review`, happy.token, { rating: 5, comment: kind });
    await post(`/products/${product._id}/review`, spammer.token, { rating: 1, comment: spam });

    // A guest reports the spam from the product page.
    await page.goto(`/product/${product._id}`);
    const reported = reviewSaying(page, spam);
    await reported.getByRole('button', { name: 'Report' }).click();
    await reported
      .getByLabel('Why should the shop look at this review?')
      .fill('Advertising another shop');
    await expectAccessible(page);
    await reported.getByRole('button', { name: 'Send report' }).click();
    await reported.getByText('Thank you: the shop will look at this review').waitFor();

    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin/reviews');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin\/reviews$/);
    await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
    const first = page.getByRole('main').locator('article').first();
    await first.getByText(spam).waitFor();
    await first.getByText('1 report').waitFor();
    await first.getByText('Advertising another shop').waitFor();
    await expectAccessible(page);

    await first.getByRole('button', { name: 'Hide', exact: true }).click();
    await first.getByLabel('Why hide it?').fill('Advertising, not a review');
    await expectAccessible(page);
    await first.getByRole('button', { name: 'Hide review' }).click();
    await toast(page, 'Review hidden');
    const hidden = reviewSaying(page, spam, 'article');
    await hidden.getByText('Hidden', { exact: true }).waitFor();
    await hidden.getByText('Advertising, not a review').waitFor();

    const praised = reviewSaying(page, kind, 'article');
    await praised.getByRole('button', { name: 'Reply' }).click();
    await praised.getByLabel('Your reply').fill('Thank you, Hope! We are so glad it arrived well.');
    await praised.getByRole('button', { name: 'Post reply' }).click();
    await toast(page, 'Reply saved');
    await praised.getByText('Reply from Larkspur').waitFor();
    await expectAccessible(page);
    await mkdir(SHOTS, { recursive: true });
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `admin-reviews-${viewport}.png`) });
    await page.screenshot({
      path: path.join(SHOTS, `admin-reviews-all-${viewport}.png`),
      fullPage: true,
    });

    // Shoppers see the reply, the badge, and no hidden review.
    await page.goto(`/product/${product._id}`);
    const shown = reviewSaying(page, kind);
    await shown.getByText('Reply from Larkspur').waitFor();
    await shown.getByText('Verified purchase').waitFor();
    expect(await page.getByText(spam).count()).toBe(0);
    await expectAccessible(page);
    await page
      .getByRole('region', { name: 'Reviews' })
      .screenshot({ path: path.join(SHOTS, `product-reviews-${viewport}.png`) });
  });
});
