import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminUserPageSchema } from '../../src/shared/accounts/accounts';
import { resetTokenIn, waitForMail } from '../support/mail-messages';
import { baseUrl, catalogue, expectAccessible, newCustomer, useBrowser } from './support';

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** An account made through the API, as another client would. */
const registered = (name: string, password = 'journey password') => newCustomer(name, { password });

async function signInOnPage(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).waitFor();

/** The link in the reset mail the shop wrote for this address. */
async function resetLinkMailedTo(email: string): Promise<string> {
  // Registering mailed the address a link to prove it too: the reset mail is the one with a token.
  const mail = await waitForMail(inject('outboxDir'), email, (each) =>
    Boolean(resetTokenIn(each.text, baseUrl())),
  );
  const token = resetTokenIn(mail?.text, baseUrl());
  if (!token) throw new Error(`no reset mail for ${email}`);
  return `/password-reset/reset/${token}`;
}

describe('customer accounts', () => {
  const browser = useBrowser();

  it('a shopper registers, signs out, and signs back in on the way to their account', async () => {
    const { page } = browser;
    const email = uniqueEmail('reg');
    await page.goto('/account/register');
    await expectAccessible(page);
    await page.getByLabel('Name (optional)').fill('Rosa Register');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('my new password');
    await page.getByLabel('Confirm password').fill('not the same');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('my new password');
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Login Successful');
    await page.waitForURL(`${baseUrl()}/`);

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Account' });
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Logout Successful');
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

    await page.goto('/account/profile');
    await page.waitForURL(/\/account\/login\?redirect=\/account\/profile$/);
    await expectAccessible(page);
    await signInOnPage(page, email, 'wrong password');
    await page.getByText('Invalid email or password').waitFor();
    await signInOnPage(page, email.toUpperCase(), 'my new password');
    await toast(page, 'Login Successful');
    await page.waitForURL(`${baseUrl()}/account/profile`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByText('Rosa Register').waitFor();
    // Exactly: the notice asking to confirm the address names it too.
    await page.getByText(email, { exact: true }).waitFor();
    await expectAccessible(page);

    // /account is the account page.
    await page.goto('/account');
    await page.waitForURL(`${baseUrl()}/account/profile`);

    // Signed in, the sign-in page goes straight on to where it was asked to.
    await page.goto('/account/login?redirect=/faq');
    await page.waitForURL(`${baseUrl()}/faq`);
  });

  it('a customer edits their name, then their password with the current one', async () => {
    const { page } = browser;
    const customer = await registered('Ed Edit');
    await page.goto('/account/login?redirect=/account/profile');
    await signInOnPage(page, customer.email, customer.password);
    await page.waitForURL(/\/account\/profile$/);

    await page.getByRole('button', { name: 'Edit Account' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByLabel('Name').waitFor();
    await expectAccessible(page);
    await panel.getByLabel('Name').fill('Edwina Edit');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('Account Updated').waitFor();
    await page.getByRole('main').getByText('Edwina Edit').waitFor();

    await panel.getByLabel('New password', { exact: true }).fill('a better password');
    await panel.getByLabel('Confirm new password').fill('a better password');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('Please enter your current password').first().waitFor();
    await panel.getByLabel('Current password').fill('not my password');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('Your current password is not correct').first().waitFor();
    await panel.getByLabel('Current password').fill(customer.password);
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('Account Updated').waitFor();

    // The old password no longer opens the account; the new one does.
    const oldPassword = await fetch(`${baseUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(oldPassword.status).toBe(401);
    // This browser's session carries on with the token the update answered.
    await page.reload();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByRole('main').getByText('Edwina Edit').waitFor();
  });

  it('a customer who forgot their password resets it from the mailed link', async () => {
    const { page } = browser;
    const customer = await registered('Fay Forgot');
    await page.goto('/forgot-password');
    await expectAccessible(page);
    await page.getByLabel('Email address').fill(customer.email);
    await page.getByRole('button', { name: /send/i }).click();
    await page.getByText('Password reset link has been sent').waitFor();
    await page.waitForURL(/\/account\/login$/, { timeout: 8000 });

    const link = await resetLinkMailedTo(customer.email);
    await page.goto(link);
    // The form opens once the link has been checked.
    await expect
      .poll(() => page.getByRole('button', { name: 'Reset password' }).isEnabled())
      .toBe(true);
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill('fresh password 1');
    await page.getByLabel('Confirm new password').fill('fresh password 2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('fresh password 1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset successfully completed').waitFor();
    await page.waitForURL(/\/account\/login$/, { timeout: 8000 });

    await signInOnPage(page, customer.email, 'fresh password 1');
    await toast(page, 'Login Successful');

    // The link is spent: opened again after signing out, it says so and offers a new one.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await toast(page, 'Logout Successful');
    await page.goto(link);
    await page.getByText('This password reset link is not valid or has expired').waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reset password' }).count()).toBe(0);
  });

  it('after ten wrong passwords the sign-in page says to wait, in words', async () => {
    const { page } = browser;
    const customer = await registered('Tia Tries');
    await page.goto('/account/login');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await signInOnPage(page, customer.email, `guess ${attempt}`);
      await page.getByText('Invalid email or password').waitFor();
    }
    await signInOnPage(page, customer.email, customer.password);
    await page.getByText(/^Too many attempts\. Please try again in 15 minutes\.$/).waitFor();
    expect(page.url()).toMatch(/\/account\/login$/);
  });

  it('a spent or made-up reset link is explained, and no password can be set', async () => {
    const { page } = browser;
    await page.goto('/password-reset/reset/not-a-real-token');
    await page.getByText('This password reset link is not valid or has expired').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
  });

  it('a customer writes a review and sees it at once, markup shown as text', async () => {
    const { page } = browser;
    const customer = await registered('Rex Review');
    const product = (await catalogue()).find((candidate) => candidate.numReviews === 0);
    if (!product) throw new Error('no unreviewed demo product');
    await page.goto(`/product/${product._id}`);
    await page.getByText('No Reviews').waitFor();
    await page.getByRole('button', { name: 'Write a review' }).click();
    await page.getByRole('dialog').getByText('Sign in to write a review').waitFor();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/account\/login\?redirect=\/product\//);
    // The sign-in form takes typing at once: the panel no longer holds the page while it slides.
    await signInOnPage(page, customer.email, customer.password);
    await page.waitForURL(`${baseUrl()}/product/${product._id}`);

    await page.getByRole('button', { name: 'Write a review' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('radio', { name: /Really Good/ }).check();
    await expectAccessible(page);
    const comment = 'Lovely weight. <b>Would</b> buy again';
    await panel.getByLabel('Comment').fill(comment);
    await panel.getByRole('button', { name: 'Leave Feedback' }).click();
    await toast(page, 'Review submitted!');
    await panel.waitFor({ state: 'hidden' });
    const main = page.getByRole('main');
    await main.getByText(comment).waitFor();
    // Published under the first name and the initial of the last, never the full name.
    await main.getByText('Rex R.', { exact: true }).waitFor();
    expect(await main.getByText('Rex Review').count()).toBe(0);
    expect(await main.locator('b', { hasText: 'Would' }).count()).toBe(0);

    // A second review is not offered: the page says the customer wrote one, even after a reload.
    await main.getByText('You reviewed this product').waitFor();
    expect(await page.getByRole('button', { name: 'Write a review' }).count()).toBe(0);
    await page.reload();
    await main.getByText('You reviewed this product').waitFor();
    expect(await page.getByRole('button', { name: 'Write a review' }).count()).toBe(0);
  });
});

describe('admin users', () => {
  const browser = useBrowser();

  it('an admin makes one customer an admin and deletes another', async () => {
    const { page } = browser;
    const promoted = await registered('Pat Promote');
    const leaving = await registered('Lou Leave');
    const admin = inject('admin');
    await page.goto('/account/login');
    await signInOnPage(page, admin.email, admin.password);
    await toast(page, 'Login Successful');

    // /admin opens the back office on the desk, with its own navigation.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Desk', level: 1 }).waitFor();
    const navigation = page.getByRole('navigation', { name: 'Back office' });
    await navigation.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/\/admin\/userlist$/);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await expectAccessible(page);
    const table = page.getByRole('table');
    await table.getByText(promoted.email).waitFor();
    expect(await table.getByText(admin.email, { exact: true }).count()).toBe(0);

    await table.getByRole('button', { name: `Edit ${promoted.name}` }).click();
    const panel = page.getByRole('dialog');
    await panel.getByLabel('Role').selectOption('admin');
    await expectAccessible(page);
    // Making an owner is asked about first, naming who.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Make ${promoted.email} an owner, with every right?`);
      void dialog.accept();
    });
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('User updated').waitFor();
    await page.keyboard.press('Escape');
    const promotedRow = table.getByRole('row').filter({ hasText: promoted.email });
    await promotedRow.getByText('Owner (admin)').waitFor();
    const asPromoted = await fetch(`${baseUrl()}/api/users`, {
      headers: { authorization: `Bearer ${promoted.token}` },
    });
    expect(asPromoted.status).toBe(200);
    // The newest accounts come first, 20 a page: both of this journey's are on page 1.
    const firstPage = adminUserPageSchema.parse(await asPromoted.json());
    expect(firstPage.page).toBe(1);
    expect(firstPage.users.map((user) => user.email)).toEqual(
      expect.arrayContaining([promoted.email, leaving.email]),
    );

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Delete ${leaving.email}?`);
      void dialog.accept();
    });
    await table.getByRole('button', { name: `Delete ${leaving.name}` }).click();
    await table.getByText(leaving.email).waitFor({ state: 'detached' });
    const asLeaving = await fetch(`${baseUrl()}/api/users/profile`, {
      headers: { authorization: `Bearer ${leaving.token}` },
    });
    expect(asLeaving.status).toBe(401);

    // The full-page form edits the same user.
    await page.goto(`/admin/user/${promoted._id}/edit`);
    await page.getByRole('heading', { name: 'Edit user' }).waitFor();
    expect(await page.getByLabel('Role').inputValue()).toBe('admin');
    await page.getByRole('link', { name: 'Back to users' }).click();
    await page.waitForURL(/\/admin\/userlist$/);
  });

  it('a customer is kept out of the admin screens and sees no manage button', async () => {
    const { page } = browser;
    const customer = await registered('Cass Customer');
    await page.goto('/account/login');
    await signInOnPage(page, customer.email, customer.password);
    await toast(page, 'Login Successful');
    expect(await page.getByRole('button', { name: 'Manage' }).count()).toBe(0);
    await page.goto('/admin/userlist');
    await page.waitForURL(`${baseUrl()}/`);
  });
});
