import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Product } from '../../src/shared/catalog/catalog';
import { arrivalWords, deliveryAnswerSchema, shortDay } from '../../src/shared/delivery/delivery';
import { orderSchema } from '../../src/shared/orders/orders';
import { providerPaymentAnswerSchema } from '../../src/shared/payments/payments';
import { VIEWPORTS } from './browser';
import {
  baseUrl,
  catalogue,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  newCustomer,
  signIn,
  useBrowser,
} from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

const MADE_FOR_YOU = 'Made for you: dispatched in about 15 working days';

/** The page as it stands at a phone's width and at a desktop's, kept to be looked at. */
async function shootBothWidths(page: Page, name: string, back: keyof typeof VIEWPORTS) {
  await mkdir(SHOTS, { recursive: true });
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[back]);
}

/** The demo's jumper knitted to order, and its size M (none of it in stock). */
async function madeToOrderJumper(): Promise<{ jumper: Product; size: Product['variants'][0] }> {
  const jumper = (await catalogue()).find((product) => product.madeToOrder !== null);
  const size = jumper?.variants.find((variant) => variant.options.Size === 'M');
  if (!jumper || !size) throw new Error('the demo catalogue lacks its made-to-order jumper');
  return { jumper, size };
}

async function post(url: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl()}/api${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${String(response.status)}`);
  return response.json();
}

describe('a jumper made to order', () => {
  const browser = useBrowser('phone');

  it('a shopper on a phone sees it is made for them on its card and page, adds it with none in stock, and sees its dates in the basket and at checkout', async () => {
    const { page } = browser;
    const { jumper, size } = await madeToOrderJumper();
    expect(jumper.countInStock).toBe(0);
    const asked = await fetch(
      `${baseUrl()}/api/delivery?items=${encodeURIComponent(`${jumper._id}:${size._id}:1`)}`,
    );
    const offered = deliveryAnswerSchema.parse(await asked.json()).services;
    // The cheapest service that posts it, as the product page and the basket choose.
    const tracked = offered.find((option) => !option.collect);
    if (!tracked) throw new Error('no service posts the jumper');

    await page.goto('/category/jumpers');
    const card = page.getByRole('listitem').filter({ hasText: jumper.name });
    await card.getByText(MADE_FOR_YOU).waitFor();
    expect(await card.getByText('Out Of Stock').count()).toBe(0);
    await expectAccessible(page);
    await shootBothWidths(page, 'made-to-order-card', 'phone');

    await card.getByRole('link', { name: jumper.name }).click();
    await page.getByRole('heading', { name: jumper.name, level: 1 }).waitFor();
    await page.getByText(MADE_FOR_YOU).first().waitFor();
    await page.getByText('M', { exact: true }).first().click();
    // Dispatched after its 15 working days: the page says the day.
    await page
      .getByRole('region', { name: 'Delivery' })
      .getByText(`Dispatched ${shortDay(tracked.estimate.dispatch)}`, { exact: false })
      .first()
      .waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'made-to-order-page', 'phone');
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();

    await page.goto('/basket');
    await page.getByText(MADE_FOR_YOU).first().waitFor();
    const choice = page.getByRole('group', { name: 'Delivery' });
    await choice
      .getByRole('radio', { name: new RegExp(`arrives ${arrivalWords(tracked.estimate)}$`) })
      .first()
      .waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'made-to-order-basket', 'phone');

    const customer = await newCustomer('Morag Knit');
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/checkout\/shipping$/);
    await fillAddress(page, { line1: '3 Loom Lane', city: 'Hebden Bridge', postcode: 'HX7 8AB' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    await page.getByText(MADE_FOR_YOU).first().waitFor();
    await page
      .getByRole('region', { name: 'Delivery service' })
      .getByText(`Dispatched by ${shortDay(tracked.estimate.dispatch)}`, { exact: false })
      .waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'made-to-order-checkout', 'phone');
  });
});

describe('the owner with something to make', () => {
  const browser = useBrowser();

  it('the owner sees the jumper on the desk’s list to make, with the day it is due', async () => {
    const { page } = browser;
    const { jumper, size } = await madeToOrderJumper();
    const buyer = await newCustomer('Isla Yarn');
    const orderItems = [{ product: jumper._id, variant: size._id, qty: 1 }];
    const shippingAddress = {
      name: 'Isla Yarn',
      address: '9 Mill Row',
      city: 'Hebden Bridge',
      postalCode: 'HX7 6AA',
      country: 'United Kingdom',
    };
    const payment = providerPaymentAnswerSchema.parse(
      await post('/payments', buyer.token, { orderItems, shippingAddress }),
    );
    const order = orderSchema.parse(
      await post('/orders', buyer.token, {
        orderItems,
        shippingAddress,
        notes: '',
        paymentResult: { id: payment.id },
      }),
    );
    const due = order.delivery?.estimate.dispatch ?? '';

    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin$/);
    const toMake = page.getByRole('region', { name: /To make/ });
    const row = toMake.getByRole('row').filter({ hasText: order.orderNumber });
    await row.getByText(`1 × ${jumper.name} (Size: M)`).waitFor();
    await row.getByText(shortDay(due)).waitFor();
    await row.getByText(MADE_FOR_YOU).waitFor();
    await expectAccessible(page);
    await shootBothWidths(page, 'made-to-order-desk', 'desktop');
  });
});
