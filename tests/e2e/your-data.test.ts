import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { yourDataSchema } from '../../src/shared/accounts/your-data';
import { expectAccessible, newCustomer, paidOrder, signIn, useBrowser } from './support';

describe("a customer's own data", () => {
  const browser = useBrowser();

  it('a customer downloads their data, then closes their account and cannot sign in again', async () => {
    const { page } = browser;
    const customer = await newCustomer('Dora Data');
    const order = await paidOrder('Dora Data', 'TR18 4AA', customer);

    await page.goto('/account/login?redirect=/account/profile');
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/account\/profile$/);
    const yours = page.getByRole('region', { name: 'Your data' });
    await yours.waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      yours.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^larkspur-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = yourDataSchema.parse(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(data.account.email).toBe(customer.email);
    expect(data.orders.map((each) => each._id)).toEqual([order._id]);

    await yours.getByRole('button', { name: 'Close my account' }).click();
    const closing = page.getByRole('form', { name: 'Close my account' });
    await closing.getByLabel('Your password').fill('not-my-password');
    await closing.getByRole('button', { name: 'Yes, close my account' }).click();
    await closing.getByText('That is not your password').waitFor();
    // Enabled again under the pointer, the button takes its hover colour over 150 ms: checked once
    // that has begun, so the check waits for it to end rather than reading a colour in between.
    await closing.getByRole('button', { name: 'Yes, close my account', disabled: false }).waitFor();
    await expectAccessible(page);
    await closing.getByLabel('Your password').fill(customer.password);
    await closing.getByRole('button', { name: 'Yes, close my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account is closed').waitFor();

    await page.goto('/account/login');
    await signIn(page, customer.email, customer.password);
    await page.getByText('Invalid email or password').waitFor();
  });
});
