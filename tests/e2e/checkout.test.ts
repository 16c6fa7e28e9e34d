import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { userInfoSchema } from '../../src/shared/accounts';
import { baseUrl, catalogue, expectAccessible, useBrowser } from './support';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function newCustomer(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'checkout journey';
  const response = await fetch(`${baseUrl()}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  return { ...userInfoSchema.parse(await response.json()), password };
}

const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date());

describe('checkout', () => {
  const browser = useBrowser();

  it('a shopper goes from an empty basket to a paid order with a voucher, and an admin fulfils it', async () => {
    const { page } = browser;
    const customer = await newCustomer('Peggy Paid');
    const product = (await catalogue()).find(
      (candidate) => candidate.countInStock >= 3 && candidate.price > 20 && candidate.price < 50,
    );
    if (!product) throw new Error('no suitable demo product');

    await page.goto('/basket');
    await page.getByText('Basket is empty').waitFor();
    await page.goto(`/product/${product._id}`);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 2 items' }).first().click();
    await page
      .getByRole('dialog', { name: 'Basket' })
      .getByRole('button', { name: 'Proceed To Checkout' })
      .click();

    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/checkout\/shipping$/);
    await expectAccessible(page);
    await page.getByLabel('Address').fill('1 Ash');
    await page.getByLabel('City').fill('York');
    await page.getByLabel('Postal code').fill('YO1');
    await page.getByLabel('Country').fill('UK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('All fields required').first().waitFor();
    await page.getByLabel('Address').fill('14 Ash Grove');
    await page.getByLabel('Postal code').fill('YO1 7HH');
    await page.getByLabel('Country').fill('United Kingdom');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/checkout\/payment$/);
    expect(await page.getByRole('radio', { name: 'PayPal or credit card' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/checkout\/placeorder$/);
    await page.getByRole('heading', { name: 'Place Order' }).waitFor();
    const itemsPence = Math.round(product.price * 100) * 2;
    const shippingPence = itemsPence > 5999 ? 0 : 499;
    const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const total = () =>
      summary
        .locator('dt', { hasText: /^Total$/ })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
    await expect.poll(total).toBe(pounds(itemsPence + shippingPence));
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await page.getByLabel('Voucher code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('That voucher code is not valid').waitFor();
    await page.getByLabel('Voucher code').fill('welcome5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(total).toBe(pounds(itemsPence + shippingPence - 500));
    await page.getByLabel('Notes (optional)').fill('A 70 cm chain, please');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}$/);
    const orderId = page.url().split('/').pop() ?? '';
    const main = page.getByRole('main');
    await main.getByText('Not Dispatched').waitFor();
    await main.getByText(`Paid on ${today}`).waitFor();
    await main.getByText('A 70 cm chain, please').waitFor();
    await main
      .getByText(pounds(itemsPence + shippingPence - 500))
      .first()
      .waitFor();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: /^Basket, 0 items$/ })
      .first()
      .waitFor();

    await page.goto('/account/profile');
    const row = page.getByRole('row').filter({ hasText: orderId.slice(-6) });
    await row.waitFor();
    expect(await page.getByText('1 order').count()).toBeGreaterThan(0);

    // The admin marks it dispatched, then delivered.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin/orderlist');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin\/orderlist$/);
    const listRow = page.getByRole('row').filter({ hasText: 'Peggy Paid' }).first();
    await listRow.getByText('Not Dispatched').waitFor();
    await expectAccessible(page);
    await listRow.getByRole('link', { name: `Details of order ${orderId}` }).click();
    await page.waitForURL(new RegExp(`/admin/order/${orderId}$`));
    await page.getByRole('button', { name: 'Mark as dispatched' }).click();
    await page.getByText(`Dispatched: ${today}`).waitFor();
    await page.getByRole('button', { name: 'Mark as delivered' }).click();
    await page.getByText(`Delivered: ${today}`).waitFor();

    // The customer sees both dates.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.goto(`/account/login?redirect=/account/order/${orderId}`);
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(new RegExp(`/account/order/${orderId}$`));
    await page.getByText(`Delivered: ${today}`).waitFor();
    await page.getByText(`Dispatched: ${today}`).waitFor();
    expect(await page.getByRole('button', { name: /Mark as/ }).count()).toBe(0);
  });

  it('checkout asks a signed-out shopper to sign in, and an empty basket cannot be ordered', async () => {
    const { page } = browser;
    await page.goto('/checkout/placeorder');
    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/placeorder$/);
    const customer = await newCustomer('Ned Nothing');
    await signIn(page, customer.email, customer.password);
    // No address yet: the shipping form comes first.
    await page.waitForURL(/\/checkout\/shipping$/);
    await page.getByLabel('Address').fill('3 Elm Row');
    await page.getByLabel('City').fill('Leeds');
    await page.getByLabel('Postal code').fill('LS1 4AP');
    await page.getByLabel('Country').fill('United Kingdom');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.goto('/checkout/placeorder');
    await page.getByText('Basket is empty').waitFor();
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
  });
});
