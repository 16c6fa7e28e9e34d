import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { expectAccessible, signIn, useBrowser } from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

const VIEWPORTS = ['desktop', 'phone'] as const;
/** A number of the shop's own for each screen, so each journey sees its own save. */
const PHONES = { desktop: '0117 496 0123', phone: '0117 496 0456' } as const;

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).waitFor();

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
});
