import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { deliveryAnswerSchema } from '../../src/shared/delivery/delivery';
import { arrivalWords, dayAfter, shortDay } from '../../src/shared/delivery/delivery-days';
import { settingsSchema, type Settings } from '../../src/shared/settings/settings';
import { apiToken, baseUrl, catalogue, expectAccessible, soldOneWay, useBrowser } from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');
const VIEWPORTS = ['desktop', 'phone'] as const;

/** The UK day `days` after today, `YYYY-MM-DD`. */
const ukDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );

/** The owner's settings through the API, as the settings page reads and saves them. */
async function settingsCall(token: string, change?: (settings: Settings) => Settings) {
  const address = `${baseUrl()}/api/settings`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = settingsSchema.parse(await (await fetch(address, { headers })).json());
  if (!change) return read;
  const saved = await fetch(address, {
    method: 'PUT',
    headers,
    body: JSON.stringify(change(read)),
  });
  if (!saved.ok) throw new Error(`Saving the settings answered ${saved.status}`);
  return settingsSchema.parse(await saved.json());
}

const notices = (page: Page) => page.getByRole('complementary', { name: 'Shop notices' });

describe.each(VIEWPORTS)('the owner’s holiday (%s)', (viewport) => {
  const browser = useBrowser(viewport);

  it('the owner goes away with checkout paused, and every page and the product’s dates say so', async () => {
    const { page } = browser;
    const admin = inject('admin');
    const token = await apiToken(admin.email, admin.password);
    const before = await settingsCall(token);
    const holiday = {
      from: ukDay(0),
      to: ukDay(4),
      message: 'We are at the Bath makers’ fair: orders go out when we are back.',
      pauseCheckout: true,
    };
    const paused = `Checkout is paused until ${shortDay(dayAfter(holiday.to))}.`;
    try {
      await settingsCall(token, (settings) => ({
        ...settings,
        holiday,
        banner: { text: 'New: hand-knitted mittens', from: ukDay(0), to: ukDay(10) },
      }));

      await page.goto('/');
      await notices(page).getByText(holiday.message).waitFor();
      await notices(page).getByText(paused).waitFor();
      await notices(page).getByText('New: hand-knitted mittens').waitFor();

      const product = (await catalogue()).find(
        (candidate) => soldOneWay(candidate) && candidate.countInStock > 0,
      );
      if (!product) throw new Error('the demo catalogue has no product in stock sold one way');
      await page.goto(`/product/${product._id}`);
      await page.getByRole('heading', { level: 1, name: product.name, exact: true }).waitFor();
      await notices(page).getByText(holiday.message).waitFor();
      await notices(page).getByText(paused).waitFor();

      // Nothing goes out during the holiday: the first dispatch is after it.
      const answer = deliveryAnswerSchema.parse(
        await (await fetch(`${baseUrl()}/api/delivery?items=${product._id}:1`)).json(),
      );
      const cheapest = answer.services.find((service) => !service.collect);
      if (!cheapest) throw new Error('no service sends the product');
      expect(cheapest.estimate.dispatch > holiday.to).toBe(true);
      const delivery = page.getByRole('region', { name: 'Delivery' });
      await delivery
        .getByText(
          `Dispatched ${shortDay(cheapest.estimate.dispatch)}, arrives ${arrivalWords(cheapest.estimate)}`,
          { exact: true },
        )
        .waitFor();
      await delivery.getByText('Delivery options').click();
      await delivery.getByText(cheapest.name, { exact: true }).waitFor();
      await expectAccessible(page);

      await mkdir(SHOTS, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(SHOTS, `product-holiday-${viewport}.png`) });
      await delivery.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `product-delivery-${viewport}.png`) });

      // The basket says so before anyone tries to pay, and offers no way to check out.
      await page.getByRole('button', { name: 'Add To Basket' }).click();
      await page.goto('/basket');
      await page.getByText(holiday.message, { exact: true }).first().waitFor();
      const checkout = page.getByRole('button', { name: paused.replace(/\.$/, '') });
      await checkout.waitFor();
      expect(await checkout.isDisabled()).toBe(true);
      await page.evaluate(() => localStorage.clear());
    } finally {
      // The other journeys shop as usual.
      await settingsCall(token, (settings) => ({
        ...settings,
        holiday: before.holiday,
        banner: before.banner,
      }));
    }
  });

  it('a shopper sees when an order placed now goes and arrives', async () => {
    const { page } = browser;
    const product = (await catalogue()).find(
      (candidate) => soldOneWay(candidate) && candidate.countInStock > 0,
    );
    if (!product) throw new Error('the demo catalogue has no product in stock sold one way');
    await page.goto(`/product/${product._id}`);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await delivery
      .getByText(
        /^(Order within (\d+ h )?(\d+ min)? for dispatch today|Dispatched \w{3} \d{1,2} \w{3}), arrives /,
      )
      .waitFor();
    await expectAccessible(page);
    await mkdir(SHOTS, { recursive: true });
    await delivery.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `product-delivery-line-${viewport}.png`) });
  });
});
