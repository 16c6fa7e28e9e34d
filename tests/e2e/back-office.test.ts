import { describe, expect, inject, it } from 'vitest';
import { apiToken, baseUrl, expectAccessible, newCustomer, signIn, useBrowser } from './support';

/** The admin given to the journeys makes an account staff, as the owner's user page would. */
async function makeStaff(account: { _id: string; name: string; email: string }) {
  const admin = inject('admin');
  const token = await apiToken(admin.email, admin.password);
  const response = await fetch(`${baseUrl()}/api/users/${account._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: account.name, email: account.email, role: 'staff' }),
  });
  expect(response.status).toBe(200);
}

describe('staff in the back office', () => {
  const browser = useBrowser();

  it('a packer opens the desk and the orders, and is kept from vouchers, users and refunds', async () => {
    const { page } = browser;
    const packer = await newCustomer('Sam Packer');
    await makeStaff(packer);
    await page.goto('/account/login?redirect=/admin');
    await signIn(page, packer.email, packer.password);
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Desk', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'To dispatch' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sales' }).count()).toBe(0);
    await expectAccessible(page);

    const navigation = page.getByRole('navigation', { name: 'Back office' });
    const links = await navigation.getByRole('link').allTextContents();
    expect(links.map((text) => text.trim())).toEqual(['Desk', 'Orders', 'Products', 'Customers']);

    await navigation.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(/\/admin\/orderlist/);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

    for (const [address, words] of [
      ['/admin/voucherlist', 'Only the shop’s owner can manage vouchers.'],
      ['/admin/userlist', 'Only the shop’s owner can'],
      ['/admin/refunds', 'Only the shop’s owner can'],
      ['/admin/audit', 'Only the shop’s owner can'],
    ] as const) {
      await page.goto(address);
      await page.getByText(words).waitFor();
      expect(await page.getByRole('table').count(), address).toBe(0);
    }
  });
});
