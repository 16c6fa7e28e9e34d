import { describe, expect, inject, it } from 'vitest';
import {
  apiToken,
  baseUrl,
  expectAccessible,
  newCustomer,
  paidOrder,
  signIn,
  useBrowser,
} from './support';

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

describe('the owner at the desk', () => {
  const browser = useBrowser();

  it('finds orders by postcode, prints their slips with one kept free of prices, dispatches them from a pasted list, and finds that in the audit log', async () => {
    const { page } = browser;
    const postcode = `TR${String(10 + Math.floor(Math.random() * 89))} 4QX`;
    const orders = [
      await paidOrder('Morwenna Penrose', postcode),
      await paidOrder('Jago Trelawny', postcode),
      await paidOrder('Demelza Carne', postcode),
    ];
    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin$/);
    const toDispatch = page.getByRole('region', { name: /To dispatch/ });
    for (const order of orders) await toDispatch.getByText(order.orderNumber).first().waitFor();
    await page.getByRole('heading', { name: 'Sales' }).waitFor();

    // The orders, found by their postcode as a customer might give it on the phone.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await page.waitForURL(/\/admin\/orderlist/);
    const search = page.getByRole('searchbox', { name: 'Find orders' });
    await search.fill(postcode.toLowerCase().replace(' ', ''));
    await search.press('Enter');
    await page.waitForURL(/q=/);
    // The whole list is on screen until the search answers: its count says when it has.
    await page.getByText(`${orders.length} orders found`).waitFor();
    const table = page.getByRole('table');
    for (const order of orders) {
      await table.getByRole('link', { name: `Details of order ${order.orderNumber}` }).waitFor();
    }
    expect(await table.getByRole('row').count()).toBe(orders.length + 1);
    await expectAccessible(page);

    // Ticked, their pick list and slips; the gift's slip leaves its prices off.
    for (const order of orders) await page.getByLabel(`Tick order ${order.orderNumber}`).check();
    await page.getByRole('link', { name: 'Print slips' }).click();
    await page.waitForURL(/\/admin\/slips\?orders=/);
    await page.getByRole('heading', { name: 'Pick list' }).waitFor();
    const slips = page.getByRole('article');
    expect(await slips.count()).toBe(3);
    const gift = slips.filter({ hasText: orders[1]?.orderNumber ?? '' });
    await gift.getByLabel(/Leave prices off/).check();
    expect(await gift.getByText(/£\d/).count()).toBe(0);
    const paying = slips.filter({ hasText: orders[0]?.orderNumber ?? '' });
    expect(await paying.getByText(/£\d/).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Dispatched from a pasted list, one line an order.
    await page.goBack();
    await page.getByRole('button', { name: 'Paste a list' }).click();
    const lines = orders.map(
      (order, index) => `${order.orderNumber}, Royal Mail, RM${String(123456780 + index)}GB`,
    );
    await page.getByLabel('Orders to dispatch, one a line').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Dispatch the list' }).click();
    await page.getByRole('status').getByText('Dispatched 3 orders').waitFor();

    // The audit log says who dispatched each, with its tracking number.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.waitForURL(/\/admin\/audit/);
    for (const order of orders) {
      await page.getByRole('row').filter({ hasText: order.orderNumber }).first().waitFor();
    }
    await expectAccessible(page);
    const token = await apiToken(admin.email, admin.password);
    const entries = (await (
      await fetch(`${baseUrl()}/api/audit?action=order.dispatched`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { entries: { target: { label: string }; after: { trackingNumber?: string } }[] };
    for (const [index, order] of orders.entries()) {
      const entry = entries.entries.find(
        (candidate) => candidate.target.label === order.orderNumber,
      );
      expect(entry?.after.trackingNumber).toBe(`RM${String(123456780 + index)}GB`);
    }
  });
});
