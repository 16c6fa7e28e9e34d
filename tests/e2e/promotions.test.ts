import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { describe, expect, inject, it } from 'vitest';
import { ukDay } from '../../src/shared/uk-time';
import {
  apiToken,
  baseUrl,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  newCustomer,
  signIn,
  useBrowser,
} from './support';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A merino scarf of the test's own, made through the API: on the knitwear shelf. */
async function newScarf(token: string, name: string): Promise<string> {
  const authorization = `Bearer ${token}`;
  const created = await fetch(`${baseUrl()}/api/products`, {
    method: 'POST',
    headers: { authorization },
  });
  const { _id: id } = z.object({ _id: z.string() }).parse(await created.json());
  const saved = await fetch(`${baseUrl()}/api/products/${id}`, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      price: 40,
      image: '/uploads/demo-sage-pocket-tee.webp',
      brand: 'Tidewell & Co.',
      category: 'accessories',
      countInStock: 5,
      description: 'A soft merino scarf.',
      specifications: [{ label: 'Fabric', value: 'Merino wool' }],
    }),
  });
  expect(saved.status).toBe(200);
  return id;
}

describe('promotions', () => {
  const browser = useBrowser('phone');

  it('the owner puts a scarf on offer for the weekend; a shopper on a phone gets it beside a percentage code', async () => {
    const { page } = browser;
    const admin = inject('admin');
    const token = await apiToken(admin.email, admin.password);
    const tag = randomBytes(3).toString('hex');
    const scarfName = `Harbour Merino Scarf ${tag}`;
    const offerName = `Scarf weekend ${tag}`;
    // Only the test's own scarf is on offer, so no other journey's totals change.
    const scarf = await newScarf(token, scarfName);

    await page.goto('/account/login?redirect=/admin/promotions');
    await signIn(page, admin.email, admin.password);
    await page.getByRole('heading', { name: 'Promotions' }).waitFor();
    await page.getByRole('button', { name: 'Create Promotion' }).click();
    const panel = page.getByRole('dialog', { name: 'New promotion' });
    await panel.getByLabel('Name', { exact: true }).fill(offerName);
    await panel.getByRole('radio', { name: 'A percentage off' }).check();
    await panel.getByLabel('Percentage off', { exact: true }).fill('10');
    await panel.getByRole('radio', { name: 'Some shelves or products' }).check();
    await panel.getByLabel('Products', { exact: true }).fill(scarf);
    await panel.getByLabel('Starts', { exact: true }).fill(ukDay(new Date()));
    await panel.getByLabel('Ends', { exact: true }).fill(ukDay(new Date(Date.now() + 2 * DAY_MS)));
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Create promotion' }).click();
    await page.getByText(`Promotion ${offerName} made: shoppers get it now`).waitFor();
    await page.keyboard.press('Escape');
    const row = page.getByRole('row').filter({ hasText: offerName });
    await row.getByText('Live').waitFor();
    await row.getByText('10% off').waitFor();
    await expectAccessible(page);
    const promotions = z
      .object({ promotions: z.array(z.object({ _id: z.string(), name: z.string() })) })
      .parse(
        await (
          await fetch(`${baseUrl()}/api/promotions`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      );
    const made = promotions.promotions.find((promotion) => promotion.name === offerName);
    expect(made).toBeDefined();

    try {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const shopper = await newCustomer('Pia Promotion');
      await page.goto(`/product/${scarf}`);
      await page.getByRole('button', { name: 'Add To Basket' }).click();
      await page
        .getByRole('navigation', { name: 'Shortcuts' })
        .getByRole('button', { name: 'Basket, 1 item' })
        .waitFor();
      await page.goto('/basket');
      // 10% of £40 off the scarf, then Tracked 48's £3.95.
      const summary = page.getByRole('main');
      await summary.getByText(`Offer: ${offerName}`).waitFor();
      await summary.getByText('−£4.00').waitFor();
      await summary.getByText('£39.95').waitFor();
      await expectAccessible(page);

      await page.goto('/account/login?redirect=/checkout/shipping');
      await signIn(page, shopper.email, shopper.password);
      await page.waitForURL(/\/checkout\/shipping$/);
      await fillAddress(page, { line1: '3 Wool Lane', city: 'Hawick', postcode: 'TD9 0AA' });
      await page.getByRole('button', { name: 'Continue' }).click();
      await continueFromPayment(page);
      // The demo's KNIT10 combines with promotions: 10% of the £36 left, £3.60.
      await page.getByLabel('Voucher code').fill('knit10');
      await page.getByRole('button', { name: 'Apply' }).click();
      const order = page.getByRole('complementary', { name: 'Order summary' });
      await order.getByText('Voucher: Ten percent off knitwear').waitFor();
      await order.getByText(`Offer: ${offerName}`).waitFor();
      await order.getByText('£36.35').waitFor();
      await order.getByText(/is used as well as our/).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
      await page.waitForURL(/\/account\/order\//);
      await page.getByText(`Offer: ${offerName}`).first().waitFor();
      await page.getByText('Voucher: Ten percent off knitwear').first().waitFor();
      await page.getByRole('main').getByText('£36.35').first().waitFor();
    } finally {
      await fetch(`${baseUrl()}/api/promotions/${made?._id ?? ''}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });
});
