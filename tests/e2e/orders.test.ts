import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { orderSchema, type Order } from '../../src/shared/orders/orders';
import { providerPaymentAnswerSchema } from '../../src/shared/payments/payments';
import { launchBrowser } from './browser';
import {
  apiToken,
  baseUrl,
  catalogue,
  expectAccessible,
  newCustomer,
  soldOneWay,
  useBrowser,
} from './support';

const ADDRESS = {
  name: 'Rosa Recipient',
  address: '3 Quay Street',
  city: 'Bristol',
  postalCode: 'BS1 4DJ',
  country: 'United Kingdom',
};

async function call<T>(path: string, token: string, method: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${String(response.status)}`);
  return response.json() as Promise<T>;
}

/** A customer's paid order of two of one product, made through the API with test payments. */
async function paidOrder(token: string): Promise<{ order: Order; productId: string }> {
  const product = (await catalogue()).find(
    (candidate) => soldOneWay(candidate) && candidate.countInStock >= 5 && candidate.price >= 15,
  );
  if (!product) throw new Error('no suitable demo product');
  const orderItems = [{ product: product._id, qty: 2 }];
  const payment = providerPaymentAnswerSchema.parse(
    await call('/payments', token, 'POST', { orderItems, shippingAddress: ADDRESS }),
  );
  const order = orderSchema.parse(
    await call('/orders', token, 'POST', {
      orderItems,
      shippingAddress: ADDRESS,
      notes: '',
      paymentResult: { id: payment.id },
    }),
  );
  return { order, productId: product._id };
}

async function signInTo(page: Page, path: string, who: { email: string; password: string }) {
  await page.goto(`/account/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const adminToken = () => apiToken(inject('admin').email, inject('admin').password);

/** A second window for the admin, beside the customer's. */
async function adminPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: baseUrl() })).newPage();
  await signInTo(page, path, inject('admin'));
  return page;
}

async function stockOf(productId: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/products/${productId}`);
  return ((await response.json()) as { countInStock: number }).countInStock;
}

describe("an order's life", () => {
  const state = useBrowser();

  it('a customer cancels an order before it is dispatched and is refunded in full', async () => {
    const { page } = state;
    const customer = await newCustomer('Cora Cancel');
    const { order, productId } = await paidOrder(customer.token);
    const stockAfterBuying = await stockOf(productId);
    await signInTo(page, `/account/order/${order._id}`, customer);
    await expect.poll(() => page.getByText('Status: Paid, not dispatched yet').count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page
      .getByText(`Cancel this order? You will be refunded £${order.totalPrice.toFixed(2)} in full.`)
      .waitFor();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Status: Cancelled').waitFor();
    await page.getByText(`Refunded in all: £${order.totalPrice.toFixed(2)}`).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await stockOf(productId)).toBe(stockAfterBuying + 2);
  });

  it('an admin dispatches with tracking and the customer follows the tracking link', async () => {
    const { page } = state;
    const customer = await newCustomer('Tess Tracking');
    const { order } = await paidOrder(customer.token);

    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const admin = await adminPage(browser, `/admin/order/${order._id}`);
    await admin.getByLabel('Carrier').selectOption('Royal Mail');
    await admin.getByLabel('Tracking number').fill('AB 1234 5678 9GB');
    await admin.getByRole('button', { name: 'Mark as dispatched' }).click();
    await admin.getByText('Dispatched:', { exact: false }).first().waitFor();
    await admin.getByRole('heading', { name: 'Order history' }).waitFor();
    await admin.getByText('Royal Mail AB123456789GB').waitFor();
    await admin.context().close();

    // The carrier's site is not reachable from here: a stand-in page answers for it.
    await page
      .context()
      .route('https://www.royalmail.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Royal Mail tracking</title>' }),
      );
    await signInTo(page, `/account/order/${order._id}`, customer);
    await page.getByText('Status: Dispatched').waitFor();
    const link = page.getByRole('link', { name: /Track your parcel/ });
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  });

  it('a delivered order is returned by the customer and refunded in part by an admin', async () => {
    const { page } = state;
    const customer = await newCustomer('Rhys Return');
    const { order, productId } = await paidOrder(customer.token);
    const token = await adminToken();
    await call(`/orders/${order._id}/dispatched`, token, 'PUT');
    await call(`/orders/${order._id}/delivered`, token, 'PUT');

    await signInTo(page, `/account/order/${order._id}`, customer);
    await page.getByText('Status: Delivered').waitFor();
    await page
      .getByLabel('Why are you returning it?')
      .fill('One of the two was a gift I no longer need');
    await page.getByRole('button', { name: 'Request a return' }).click();
    await page.getByText('Status: Return requested').waitFor();
    await expectAccessible(page);

    const stockBefore = await stockOf(productId);
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser');
    const admin = await adminPage(browser, `/admin/order/${order._id}`);
    await admin.getByText('One of the two was a gift I no longer need').first().waitFor();
    const refund = admin.getByRole('form', { name: 'Refund' });
    const unitPrice = order.orderItems[0]?.price ?? 0;
    await refund.getByLabel('Amount to refund (£)').fill(unitPrice.toFixed(2));
    await refund.getByLabel('Reason').fill('One item returned');
    await refund.getByLabel(order.orderItems[0]?.name ?? '').selectOption('1');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: `Yes, refund £${unitPrice.toFixed(2)}` })
      .click();
    await admin.getByText(`Refunded in all: £${unitPrice.toFixed(2)}`).waitFor();
    await admin.context().close();
    expect(await stockOf(productId)).toBe(stockBefore + 1);

    await page.reload();
    await page.getByText(`Refunded in all: £${unitPrice.toFixed(2)}`).waitFor();
    await page.getByText('One item returned').waitFor();
    await page.getByText('Status: Return requested').waitFor();
  });

  it('a customer prints the VAT receipt of an order', async () => {
    const { page } = state;
    const customer = await newCustomer('Vera Receipt');
    const { order } = await paidOrder(customer.token);
    await signInTo(page, `/account/order/${order._id}`, customer);
    await page.getByRole('link', { name: 'VAT receipt' }).click();
    await page.getByRole('heading', { name: 'VAT receipt' }).waitFor();
    await page.getByRole('main').getByText('VAT number GB 000 0000 00').waitFor();
    await page
      .getByText(`£${order.taxPrice.toFixed(2)}`)
      .first()
      .waitFor();
    await expectAccessible(page);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    // Kept for a person to look at: the receipt as it prints.
    await page.screenshot({ path: path.join(tmpdir(), 'receipt-print.png'), fullPage: true });
  });
});

describe('failed refunds', () => {
  it('are listed for admins, and say so when there are none', async () => {
    const browser = await launchBrowser();
    try {
      const page = await adminPage(browser, '/admin/refunds');
      await page.getByRole('heading', { name: 'Failed refunds' }).waitFor();
      await page.getByText('Every refund has gone through.').waitFor();
      await expectAccessible(page);
    } finally {
      await browser.close();
    }
  });
});
