import { describe, expect, inject, it } from 'vitest';
import type { Product } from '../../src/shared/catalog/catalog';
import type { Variant } from '../../src/shared/catalog/catalog';
import { outboxMailsTo } from '../support/mail-messages';
import {
  catalogue,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  newCustomer,
  signIn,
  tabTo,
  useBrowser,
} from './support';

/** A tee sold in sizes with at least one size sold out and two in stock. */
async function teeWithASoldOutSize() {
  const tee = (await catalogue()).find(
    (product: Product) =>
      product.category === 't-shirts' &&
      product.variants.some((variant) => variant.countInStock === 0) &&
      product.variants.filter((variant) => variant.countInStock > 0).length >= 2,
  );
  if (!tee) throw new Error('the demo catalogue lacks a tee with a sold-out size');
  const size = (variant: Variant) => variant.options.Size ?? '';
  const soldOut = tee.variants.find((variant) => variant.countInStock === 0) as Variant;
  return { tee, size, soldOut };
}

describe('options with their own stock', () => {
  const browser = useBrowser();

  it('a shopper chooses sizes by keyboard, is offered an alert for a sold-out one, and buys two sizes', async () => {
    const { page } = browser;
    const { tee, size, soldOut } = await teeWithASoldOutSize();
    const customer = await newCustomer('Sasha Sizes');
    await page.goto(`/product/${tee._id}`);
    await page.getByRole('heading', { level: 1, name: tee.name, exact: true }).waitFor();
    const sizes = page.getByRole('group', { name: /^Size/ });
    await sizes.getByText('choose one').waitFor();
    await expectAccessible(page);

    // Tab into the sizes, then arrow along them: each arrow chooses the next size.
    const order = tee.variants.map(size);
    await tabTo(page, sizes.getByRole('radio').first());
    await page.keyboard.press('Space');
    const soldOutIndex = order.indexOf(size(soldOut));
    for (let step = 0; step < soldOutIndex; step += 1) await page.keyboard.press('ArrowRight');
    await sizes.getByText(size(soldOut), { exact: true }).first().waitFor();
    expect(await page.getByRole('radio', { name: `${size(soldOut)} (sold out)` }).isChecked()).toBe(
      true,
    );
    await page.waitForURL(new RegExp(`\\?variant=${soldOut._id}$`));
    await page.getByText(`Size: ${size(soldOut)} is sold out`).waitFor();
    expect(await page.getByRole('button', { name: 'Add To Basket' }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: "Tell me when it's back" }).click();
    await page
      .getByRole('status')
      .filter({ hasText: "we will email you once when it's back in stock" })
      .waitFor();

    // Two sizes in stock, each added as its own line.
    const inStock = tee.variants.filter((variant) => variant.countInStock > 0).slice(0, 2);
    for (const variant of inStock) {
      await sizes.getByRole('radio', { name: size(variant), exact: true }).focus();
      await page.keyboard.press('Space');
      await page.waitForURL(new RegExp(`\\?variant=${variant._id}$`));
      await page.getByRole('button', { name: 'Add To Basket' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Item(s) added to basket' })
        .first()
        .waitFor();
    }
    await page.getByRole('button', { name: 'Basket, 2 items' }).first().click();
    const basket = page.getByRole('dialog', { name: 'Basket' });
    for (const variant of inStock) {
      await basket.getByText(`Size: ${size(variant)}`, { exact: true }).waitFor();
    }
    await basket.getByRole('button', { name: 'Proceed To Checkout' }).click();

    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/checkout\/shipping$/);
    await page.getByLabel('Address line 1').waitFor();
    await fillAddress(page, { line1: '3 Harbour Row', city: 'Whitby', postcode: 'YO21 3PU' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    const toOrder = page.getByRole('list', { name: 'Items to order' });
    for (const variant of inStock)
      await toOrder.getByText(`Size: ${size(variant)}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();

    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
    const orderId = page.url().split('/').at(-2) ?? '';
    await page.getByRole('main').getByRole('link', { name: 'View your order' }).click();
    await page.waitForURL(new RegExp(`/account/order/${orderId}$`));
    const items = page.getByRole('list', { name: 'Items in this order' });
    for (const variant of inStock)
      await items.getByText(`Size: ${size(variant)}`, { exact: true }).waitFor();

    const [mail] = (await outboxMailsTo(inject('outboxDir'), customer.email)).filter((candidate) =>
      candidate.text?.includes(orderId),
    );
    for (const variant of inStock) {
      expect(mail?.text).toContain(`1 x ${tee.name} (Size: ${size(variant)})`);
    }
  });

  it('a link with ?variant= opens the page with that size chosen, and the size guide opens from it', async () => {
    const { page } = browser;
    const { tee, size } = await teeWithASoldOutSize();
    const chosen = tee.variants.filter((variant) => variant.countInStock > 0).at(-1) as Variant;
    await page.goto(`/product/${tee._id}?variant=${chosen._id}`);
    const sizes = page.getByRole('group', { name: /^Size/ });
    expect(await sizes.getByRole('radio', { name: size(chosen), exact: true }).isChecked()).toBe(
      true,
    );
    await page.getByLabel('Quantity').waitFor();
    expect(await page.getByLabel('Quantity').locator('option').count()).toBe(chosen.countInStock);
    await page.getByRole('button', { name: 'Size guide' }).click();
    const guide = page.getByRole('dialog', { name: 'Size guide' });
    await guide.getByRole('table', { name: 'Clothing, in cm' }).waitFor();
    await expectAccessible(page);
  });

  it('a pendant offers its chain lengths at their own prices, and its specifications', async () => {
    const { page } = browser;
    const pendant = (await catalogue()).find(
      (product) =>
        product.category === 'pendants' &&
        product.variants.filter((variant) => variant.countInStock > 0).length === 3,
    );
    if (!pendant) throw new Error('the demo catalogue lacks a pendant in three lengths');
    const long = pendant.variants.find((variant) => variant.options['Chain length'] === '70 cm');
    if (!long) throw new Error('no 70 cm chain');
    await page.goto(`/product/${pendant._id}`);
    await page.getByText('From').first().waitFor();
    await page
      .getByRole('group', { name: /^Chain length/ })
      .getByText('70 cm', { exact: true })
      .click();
    await page
      .getByText(`£${long.price.toFixed(2)}`)
      .first()
      .waitFor();
    const specifications = page.getByRole('table', { name: 'Specifications' });
    await specifications.getByRole('rowheader', { name: 'Metal' }).waitFor();
    await specifications.getByRole('rowheader', { name: 'Hallmark' }).waitFor();
  });
});
