import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  arrivalWords,
  deliveryAnswerSchema,
  shortDay,
  type DeliveryOption,
} from '../../src/shared/delivery/delivery';
import { orderSchema } from '../../src/shared/orders/orders';
import { VIEWPORTS } from './browser';
import {
  baseUrl,
  catalogue,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  newCustomer,
  setPriceAsAdmin,
  signIn,
  useBrowser,
} from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

/** The amount shown against a term of a summary (Delivery, Total). */
const amountOf = (page: Page, summary: string, term: string) =>
  page
    .getByRole('complementary', { name: summary })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();

/** The services offered, as a screen reader names each, in the order shown. */
const servicesOffered = (page: Page) =>
  page
    .getByRole('group', { name: 'Delivery' })
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((radio) => radio.getAttribute('aria-label')));

/** The page as it stands at a phone's width and at a desktop's, kept to be looked at. */
async function shootBothWidths(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

describe('choosing delivery', () => {
  const browser = useBrowser('phone');

  it('a shopper on a phone sends a £120 ring by Special Delivery and sees its dates from the basket to the thank-you page', async () => {
    const { page } = browser;
    const ring = (await catalogue()).find(
      (product) =>
        product.category === 'rings' && product.variants.some((size) => size.countInStock > 0),
    );
    const size = ring?.variants.find((variant) => variant.countInStock > 0);
    if (!ring || !size) throw new Error('the demo catalogue lacks a ring in stock');
    // Worth more than the £100 the tracked services cover.
    await setPriceAsAdmin(ring._id, 120);
    try {
      const asked = await fetch(
        `${baseUrl()}/api/delivery?items=${encodeURIComponent(`${ring._id}:${size._id}:1`)}`,
      );
      const offered = deliveryAnswerSchema.parse(await asked.json()).services;
      const special = offered.find((option) => option.id === 'special-delivery');
      if (!special) throw new Error('Special Delivery is not offered for the ring');
      const arrives = (option: DeliveryOption) => `arrives ${arrivalWords(option.estimate)}`;

      const customer = await newCustomer('Rhian Rings');
      await page.goto(`/product/${ring._id}?variant=${size._id}`);
      // The product page's line: the cheapest service that may carry it, Special Delivery.
      await page
        .getByRole('region', { name: 'Delivery' })
        .getByText(
          new RegExp(`^(Order within .+ for dispatch today|Dispatched .+), ${arrives(special)}$`),
        )
        .waitFor();
      await page.getByRole('button', { name: 'Add To Basket' }).click();
      await page.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();

      // Only the services that cover a £120 ring: collection and Special Delivery.
      await page.goto('/basket');
      const choice = page.getByRole('group', { name: 'Delivery' });
      await choice.waitFor();
      expect(await servicesOffered(page)).toEqual(
        offered.map(
          (option) =>
            `${option.name}, ${option.price === 0 ? 'Free' : `£${option.price.toFixed(2)}`}, ${option.collect ? 'ready to collect' : 'arrives'} ${arrivalWords(option.estimate)}`,
        ),
      );
      expect(offered.map((option) => option.id)).toEqual(['collect', 'special-delivery']);
      await choice.getByRole('radio', { name: /^Special Delivery/ }).check();
      expect(await amountOf(page, 'Basket summary', 'Delivery')).toBe('£9.95');
      expect(await amountOf(page, 'Basket summary', 'Total')).toBe('£129.95');
      await choice.getByText(arrives(special)).waitFor();
      await expectAccessible(page);
      await shootBothWidths(page, 'delivery-basket');

      await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
      await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
      await signIn(page, customer.email, customer.password);
      await page.waitForURL(/\/checkout\/shipping$/);
      const chosen = page
        .getByRole('group', { name: 'Delivery' })
        .getByRole('radio', { name: /^Special Delivery/ });
      expect(await chosen.isChecked()).toBe(true);
      await fillAddress(page, { line1: '12 Castle Street', city: 'Conwy', postcode: 'LL32 8AY' });
      await expectAccessible(page);
      await shootBothWidths(page, 'delivery-checkout');
      await page.getByRole('button', { name: 'Continue' }).click();
      await continueFromPayment(page);

      const when = `Dispatched by ${shortDay(special.estimate.dispatch)}, ${arrives(special)}`;
      const service = page.getByRole('region', { name: 'Delivery service' });
      await service.getByText(when).waitFor();
      await service.getByText(special.name).waitFor();
      expect(await amountOf(page, 'Order summary', 'Delivery')).toBe('£9.95');
      expect(await amountOf(page, 'Order summary', 'Total')).toBe('£129.95');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
      await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
      await page.getByText(`${special.name}: ${when}.`).waitFor();
      expect(await amountOf(page, 'Order summary', 'Delivery')).toBe('£9.95');
      await expectAccessible(page);

      const orderId = /\/account\/order\/([0-9a-f]{24})\//.exec(page.url())?.[1] ?? '';
      const placed = await fetch(`${baseUrl()}/api/orders/${orderId}`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      const order = orderSchema.parse(await placed.json());
      expect(order.delivery).toEqual({
        service: 'special-delivery',
        name: special.name,
        price: 9.95,
        tracked: true,
        signed: true,
        collect: false,
        estimate: special.estimate,
      });
      expect(order.shippingPrice).toBe(9.95);
    } finally {
      await setPriceAsAdmin(ring._id, ring.price);
    }
  });
});
