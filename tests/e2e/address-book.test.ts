import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/catalog/catalog';
import {
  catalogue,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  newCustomer,
  signIn,
  soldOneWay,
  useBrowser,
} from './support';

const GRAN = 'Gran Archer, 22 Quay Street, Whitby, YO21 3PU';

/** Puts one of the product in the basket from its page. */
async function addToBasket(page: Page, product: Product) {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Add To Basket' }).click();
  await page.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();
}

/** From Place Order, pays in test mode and answers the thank-you page's main area. */
async function pay(page: Page) {
  await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
  await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
  return main;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

describe('the address book', () => {
  const browser = useBrowser();

  it("a customer's second checkout picks the address saved at the first, and the account page changes it", async () => {
    const { page } = browser;
    const customer = await newCustomer('Addie Book');
    const product = (await catalogue()).find(
      (candidate) => soldOneWay(candidate) && candidate.countInStock >= 3,
    );
    if (!product) throw new Error('no suitable demo product');

    // The first order: a gift for Gran, her address typed and kept for next time.
    await addToBasket(page, product);
    await page.goto('/account/login?redirect=/checkout/shipping');
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/checkout\/shipping$/);
    const keep = page.getByRole('checkbox', { name: 'Save this address for next time' });
    expect(await keep.isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Send it to' }).count()).toBe(0);
    await fillAddress(page, {
      name: 'Gran Archer',
      line1: '22 Quay Street',
      city: 'Whitby',
      postcode: 'yo213pu',
    });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    await page.getByRole('main').getByText('YO21 3PU').waitFor();
    await pay(page);

    // Signed out and in again, nothing of the address is left in this browser: the shop has it.
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('shippingAddress'))).toBeNull();
    await addToBasket(page, product);
    await page.goto('/account/login?redirect=/checkout/shipping');
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/checkout\/shipping$/);
    const choices = page.getByRole('group', { name: 'Send it to' });
    const gran = choices.getByRole('radio', { name: GRAN });
    await gran.waitFor();
    expect(await gran.isChecked()).toBe(true);
    expect(await page.getByLabel('Address line 1').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    await page.getByRole('main').getByText('22 Quay Street').waitFor();
    const thanks = await pay(page);
    await thanks.getByText('Gran Archer').waitFor();

    // On the account page: the one address, changed in place, then removed.
    await page.goto('/account/profile');
    const saved = page.getByRole('list', { name: 'Saved addresses' });
    await saved.getByText('22 Quay Street').waitFor();
    expect(await saved.getByRole('listitem').count()).toBe(1);
    await expectAccessible(page);
    await saved.getByRole('button', { name: 'Edit Gran Archer, 22 Quay Street' }).click();
    const form = page.getByRole('form', { name: 'Change the address for Gran Archer' });
    await form.getByLabel('Address line 2 (optional)').fill('Flat 3');
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save address' }).click();
    await saved.getByText('Flat 3').waitFor();
    await saved.getByRole('button', { name: 'Remove Gran Archer, 22 Quay Street' }).click();
    await page.getByText('No saved addresses yet.', { exact: false }).waitFor();
    await expectAccessible(page);
  });
});
