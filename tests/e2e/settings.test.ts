import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { settingsSchema, type Settings } from '../../src/shared/settings/settings';
import { apiToken, baseUrl, expectAccessible, signIn, useBrowser } from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

const VIEWPORTS = ['desktop', 'phone'] as const;
/** A number of the shop's own for each screen, so each journey sees its own save. */
const PHONES = { desktop: '0117 496 0123', phone: '0117 496 0456' } as const;

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).waitFor();

/** The day `days` from today, as a date field holds it. */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** The settings as saved now, through the API, and a way to save others over them. */
async function settingsApi() {
  const admin = inject('admin');
  const token = await apiToken(admin.email, admin.password);
  const address = `${baseUrl()}/api/settings`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const read = async () => settingsSchema.parse(await (await fetch(address, { headers })).json());
  return {
    read,
    /** Puts back the settings given, over whatever was saved since. */
    async restore(settings: Settings) {
      const { version } = await read();
      const saved = await fetch(address, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...settings, version }),
      });
      expect(saved.status).toBe(200);
    },
  };
}

async function openSettings(page: Page) {
  const admin = inject('admin');
  await page.goto('/account/login?redirect=/admin/settings');
  await signIn(page, admin.email, admin.password);
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByLabel('Phone number').waitFor();
}

describe.each(VIEWPORTS)('the settings (%s)', (viewport) => {
  const browser = useBrowser(viewport);

  // Signing in, four screens and an accessibility check: twice a journey's usual time is allowed.
  it("the owner changes the shop's phone number, and the contact page shows it", async () => {
    const { page } = browser;
    const admin = inject('admin');
    const phone = PHONES[viewport];
    await page.goto('/account/login?redirect=/admin');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const field = page.getByLabel('Phone number');
    await field.waitFor();
    await expectAccessible(page);

    await field.fill(phone);
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Settings saved');
    await mkdir(SHOTS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `admin-settings-${viewport}.png`) });

    // Into the shop, and to its contact page from the footer, as a shopper would go.
    await page.getByRole('link', { name: 'View the shop' }).click();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    await page.getByText(`Telephone: ${phone}`).waitFor();
    // And as the server draws it for a visitor who comes straight to it.
    await page.goto('/contact');
    await page.getByText(`Telephone: ${phone}`).waitFor();
  }, 120_000);

  // The journeys share one shop: what this one changes is put back, so that the others' dates
  // and delivery choices stay as the demo shop has them.
  it('the owner takes a posting day off, plans a holiday that pauses checkout and adds a service', async () => {
    const { page } = browser;
    const api = await settingsApi();
    const before = await api.read();
    const holiday = { from: daysAhead(90), to: daysAhead(100) };
    try {
      await openSettings(page);
      await page.getByLabel('Friday').uncheck();
      await page.getByLabel('Away on holiday').check();
      await page.getByLabel('First day away').fill(holiday.from);
      await page.getByLabel('Last day away').fill(holiday.to);
      await page.getByLabel('Message to shoppers').fill('Away for a week: orders go out after.');
      await page.getByLabel('Pause checkout').check();
      await page.getByRole('button', { name: 'Add a service' }).click();
      const added = page.getByRole('group', { name: 'New service 5' });
      await added.getByLabel('Name').fill('Parcelforce Express 48');
      const parcelforce = page.getByRole('group', { name: 'Parcelforce Express 48' });
      await parcelforce.getByLabel('Price (£)').fill('14.50');
      await parcelforce.getByLabel('Fewest days').fill('2');
      await parcelforce.getByLabel('Most days').fill('2');
      await parcelforce.getByLabel('Tracked', { exact: true }).check();
      await page.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Settings saved');

      await page.reload();
      await page.getByLabel('Phone number').waitFor();
      expect(await page.getByLabel('Friday').isChecked()).toBe(false);
      expect(await page.getByLabel('Thursday').isChecked()).toBe(true);
      expect(await page.getByLabel('Away on holiday').isChecked()).toBe(true);
      expect(await page.getByLabel('First day away').inputValue()).toBe(holiday.from);
      expect(await page.getByLabel('Last day away').inputValue()).toBe(holiday.to);
      expect(await page.getByLabel('Message to shoppers').inputValue()).toBe(
        'Away for a week: orders go out after.',
      );
      expect(await page.getByLabel('Pause checkout').isChecked()).toBe(true);
      await parcelforce.getByText('£14.50 · 2 working days · tracked').waitFor();
      await page.getByRole('button', { name: 'Edit Parcelforce Express 48' }).click();
      await parcelforce
        .getByText('Its id, parcelforce-express-48, stays as it is: orders sold with it keep it.')
        .waitFor();
      await expectAccessible(page);

      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(SHOTS, `admin-settings-delivery-${viewport}.png`),
        fullPage: true,
      });
    } finally {
      await api.restore(before);
    }
  }, 120_000);
});
