import { describe, expect, inject, it } from 'vitest';
import { CONSENT_WORDING } from '../../src/shared/consents/consents';
import { waitForMail } from '../support/mail-messages';
import { expectAccessible, newCustomer, signIn, useBrowser } from './support';

const SHOTS = process.env.SCREENSHOTS_DIR;

describe.each(['phone', 'desktop'] as const)('email choices on a %s', (viewport) => {
  const browser = useBrowser(viewport);

  it('a customer asks for letters on their account page, confirms, and leaves in one click', async () => {
    const { page } = browser;
    const customer = await newCustomer('Cora Consent');
    await page.goto('/account/login?redirect=/account/profile');
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/account\/profile$/);

    const choices = page.getByRole('region', { name: 'Emails from us' });
    const newsletter = choices.getByRole('checkbox', { name: CONSENT_WORDING.newsletter.account });
    const reminders = choices.getByRole('checkbox', {
      name: CONSENT_WORDING['basket-reminders'].account,
    });
    await newsletter.and(page.locator(':enabled')).waitFor();
    expect([await newsletter.isChecked(), await reminders.isChecked()]).toEqual([false, false]);
    await expectAccessible(page);

    await reminders.check();
    await choices.getByText('Your choices are saved.').waitFor();
    await newsletter.click();
    // The account has not proved its address yet: the letters wait for the mailed link.
    await choices
      .getByText('We have emailed you a link: follow it to start the letters.')
      .waitFor();
    await expectAccessible(page);
    if (SHOTS) await choices.screenshot({ path: `${SHOTS}/account-choices-${viewport}.png` });

    const outbox = inject('outboxDir');
    const asking = await waitForMail(outbox, customer.email, (mail) =>
      (mail.header('subject') ?? '').startsWith('Please confirm'),
    );
    const confirm = /(\/newsletter\/confirm\/\S+)/.exec(asking?.text ?? '')?.[1] ?? '';
    await page.goto(confirm);
    await page.getByText('Your subscription is confirmed').waitFor();

    const welcome = await waitForMail(outbox, customer.email, (mail) =>
      (mail.header('subject') ?? '').startsWith('Welcome to letters'),
    );
    expect(welcome?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<([^>]+)>, <mailto:/.exec(welcome?.header('list-unsubscribe') ?? '')?.[1] ?? '';
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page
      .getByRole('status')
      .getByText('You have been unsubscribed. We will not write again.')
      .waitFor();
    await expectAccessible(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsubscribe-${viewport}.png` });

    await page.goto('/account/profile');
    await newsletter.and(page.locator(':enabled')).waitFor();
    expect([await newsletter.isChecked(), await reminders.isChecked()]).toEqual([false, true]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/account-${viewport}.png`, fullPage: true });
  });
});
