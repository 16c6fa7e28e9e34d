import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { productDetailSchema } from '../../src/shared/catalog/catalog';
import { outboxMailsTo } from '../support/mail-messages';
import {
  apiToken,
  baseUrl,
  catalogue,
  continueFromPayment,
  expectAccessible,
  newCustomer,
  soldOneWay,
  useBrowser,
} from './support';

async function signIn(page: Page, email: string, password: string, redirect: string) {
  await page.goto(`/account/login?redirect=${redirect}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === redirect);
}

const signInAsAdmin = (page: Page, redirect: string) => {
  const admin = inject('admin');
  return signIn(page, admin.email, admin.password, redirect);
};

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

describe('admin catalogue', () => {
  const browser = useBrowser();

  it('an admin adds a size and restocks a sold-out one, and whoever waited for it hears', async () => {
    const { page } = browser;
    const name = `Fisherman Rib Tee ${randomBytes(3).toString('hex')}`;
    // A tee in S and M, M sold out, made through the API; someone waits for M.
    const admin = inject('admin');
    const token = await apiToken(admin.email, admin.password);
    const authorization = `Bearer ${token}`;
    const headers = { 'content-type': 'application/json', authorization };
    const created = await fetch(`${baseUrl()}/api/products`, {
      method: 'POST',
      headers: { authorization },
    });
    const draft = z.object({ _id: z.string() }).parse(await created.json());
    const saved = await fetch(`${baseUrl()}/api/products/${draft._id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        name,
        price: 24,
        image: '/uploads/demo-sage-pocket-tee.webp',
        brand: 'Tidewell & Co.',
        category: 't-shirts',
        countInStock: 0,
        description: 'A ribbed cotton tee.',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { options: { Size: 'S' }, sku: `${name}-S`.toUpperCase(), price: 24, countInStock: 2 },
          { options: { Size: 'M' }, sku: `${name}-M`.toUpperCase(), price: 24, countInStock: 0 },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    const before = productDetailSchema.parse(
      await (await fetch(`${baseUrl()}/api/products/${draft._id}`)).json(),
    );
    const medium = before.variants.find((variant) => variant.options.Size === 'M');
    const waiting = `waiting-${randomBytes(4).toString('hex')}@example.com`;
    const alert = await fetch(`${baseUrl()}/api/products/${draft._id}/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: waiting, variant: medium?._id }),
    });
    expect(alert.status).toBe(201);

    await signInAsAdmin(page, '/admin/productlist');
    await page.getByRole('row').filter({ hasText: name }).getByText('1 size sold out').waitFor();
    await page.goto(`/admin/product/${draft._id}/edit`);
    await page.getByLabel('Option 1 values').fill('S, M, L');
    await page.getByRole('button', { name: 'Make the combinations' }).click();
    await page.getByLabel('SKU of Size: L').fill(`${name}-L`.toUpperCase());
    await page.getByLabel('Price of Size: L').fill('26');
    await page.getByLabel('Stock of Size: L').fill('4');
    await page.getByLabel('Stock of Size: M').fill('3');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Product saved').waitFor();

    const after = productDetailSchema.parse(
      await (await fetch(`${baseUrl()}/api/products/${draft._id}`)).json(),
    );
    expect(
      after.variants.map((variant) => [variant.options.Size, variant.price, variant.countInStock]),
    ).toEqual([
      ['S', 24, 2],
      ['M', 24, 3],
      ['L', 26, 4],
    ]);
    expect(after.variants.find((variant) => variant.options.Size === 'M')?._id).toBe(medium?._id);
    const [mail] = await outboxMailsTo(inject('outboxDir'), waiting);
    expect(mail?.header('subject')).toBe(`Back in stock: ${name} (Size: M)`);

    // The shopper sees the new size on sale.
    await page.goto(`/product/${draft._id}`);
    await page.getByRole('group', { name: /^Size/ }).getByText('L', { exact: true }).click();
    await page.getByText('£26.00').first().waitFor();
    await page.getByRole('button', { name: 'Add To Basket' }).waitFor();
  });

  it('an admin creates a product with an uploaded picture, sells out of it and deletes it', async () => {
    const { page } = browser;
    const name = `Beaten Silver Cuff ${randomBytes(3).toString('hex')}`;
    await signInAsAdmin(page, '/admin/productlist');
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Product' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit product' });
    await panel.getByLabel('Name').waitFor();
    const picture = await sharp({
      create: { width: 900, height: 900, channels: 3, background: '#c0c6cc' },
    })
      .png()
      .toBuffer();
    await panel
      .getByLabel('Upload pictures')
      .setInputFiles({ name: 'cuff.png', mimeType: 'image/png', buffer: picture });
    await panel.getByText('Picture uploaded: describe each below.').waitFor();
    await panel.getByLabel('Alt text of picture 1').fill('A wide silver cuff, hammered all over');
    await panel.getByLabel('Name').fill(name);
    await panel.getByLabel('Price (£)').fill('abc');
    await panel.getByLabel('Brand').fill('Larkspur Studio');
    await panel.getByLabel('Count in stock').fill('3');
    await panel.getByLabel('Category').selectOption('accessories');
    await panel.getByLabel('Description').fill('A wide cuff, beaten by hand from recycled silver.');
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel
      .getByText(/price must be a number|Please enter a price/i)
      .first()
      .waitFor();
    await panel.getByLabel('Price (£)').fill('64.00');
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Update' }).click();
    await panel.getByText('Product saved').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // The shop lists it, with its picture.
    const product = (await catalogue()).find((candidate) => candidate.name === name);
    expect(product).toBeDefined();
    await page.goto(`/search/${encodeURIComponent(name)}`);
    const card = page.getByRole('listitem').filter({ hasText: name });
    await card.waitFor();
    const src = await card.locator('img').first().getAttribute('src');
    expect(src).toMatch(/^\/uploads\/\w+\.sm\.webp$/);
    const image = await fetch(`${baseUrl()}${src ?? ''}`);
    expect(image.headers.get('content-type')).toBe('image/webp');

    // Stock to 0: the product page says so.
    await page.goto(`/admin/product/${product?._id ?? ''}/edit`);
    await page.getByLabel('Count in stock').fill('0');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Product saved').waitFor();
    await page.goto(`/product/${product?._id ?? ''}`);
    await page.getByText(`${name} is sold out`).waitFor();
    await page.getByRole('button', { name: "Tell me when it's back" }).waitFor();
    expect(await page.getByRole('button', { name: 'Add To Basket' }).count()).toBe(0);

    // Deleted, it is gone from the shop.
    await page.goto('/admin/productlist');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Delete ${name}? Orders keep their copy.`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: `Delete ${name}` }).waitFor({ state: 'detached' });
    expect((await catalogue()).some((candidate) => candidate.name === name)).toBe(false);
    await page.goto(`/product/${product?._id ?? ''}`);
    await page.getByText('Product not found').waitFor();
  });

  it('an admin creates a voucher and a customer uses it at checkout', async () => {
    const { page } = browser;
    const code = `SPRING${randomBytes(2).toString('hex').toUpperCase()}`;
    await signInAsAdmin(page, '/admin/voucherlist');
    await page.getByRole('heading', { name: 'Vouchers' }).waitFor();
    await page.getByRole('button', { name: 'Create Voucher' }).click();
    const panel = page.getByRole('dialog', { name: 'New voucher' });
    await panel.getByLabel('Name').fill('Spring');
    await panel.getByLabel('Code').fill(code);
    await panel.getByLabel('Discount (£)').fill('7.50');
    await panel.getByLabel('Expiry date').fill('2099-03-31');
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Create voucher' }).click();
    await page.getByText(`Voucher ${code} made: shoppers can use it now`).waitFor();
    const saved = page.getByRole('dialog', { name: 'Edit voucher' });
    expect(await saved.getByLabel('Code').inputValue()).toBe(code);
    await page.keyboard.press('Escape');
    await page.getByRole('table').getByText(code).waitFor();
    await expectAccessible(page);
    await signOut(page);

    const email = `voucher-${randomBytes(4).toString('hex')}@example.com`;
    await newCustomer('Vera Voucher', { email, password: 'voucher journey' });
    const item = (await catalogue()).find(
      (candidate) =>
        soldOneWay(candidate) &&
        candidate.countInStock > 0 &&
        candidate.price > 20 &&
        candidate.price < 50,
    );
    if (!item) throw new Error('no suitable demo product');
    await page.goto(`/product/${item._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await signIn(page, email, 'voucher journey', '/checkout/shipping');
    await page.getByLabel('Address line 1').fill('2 Quay Street');
    await page.getByLabel('Town or city').fill('Bristol');
    await page.getByLabel('Postcode').fill('BS1 4DB');
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    await page.getByLabel('Voucher code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Voucher: Spring').waitFor();
    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
    await page.waitForURL(/\/account\/order\//);
    const itemsPence = Math.round(item.price * 100);
    // Royal Mail Tracked 48, the cheapest that sends it: £3.95, free from £60 after the voucher.
    const afterVoucher = itemsPence - 750;
    const totalPence = afterVoucher + (afterVoucher >= 6000 ? 0 : 395);
    await page
      .getByRole('main')
      .getByText(`£${(totalPence / 100).toFixed(2)}`)
      .first()
      .waitFor();
    await page.getByText('Voucher: Spring').waitFor();
  });

  it('a reader confirms from the mailed link, and an admin downloads the confirmed as CSV', async () => {
    const { page } = browser;
    const email = `letters-${randomBytes(4).toString('hex')}@example.com`;
    await fetch(`${baseUrl()}/api/subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const [mail] = await outboxMailsTo(inject('outboxDir'), email);
    const link = new RegExp(`${baseUrl()}/newsletter/confirm/\\S+`).exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('status').filter({ hasText: 'Your subscription is confirmed' }).waitFor();
    await expectAccessible(page);
    await signInAsAdmin(page, '/admin/subscriberlist');
    await page.getByRole('heading', { name: 'Subscribers' }).waitFor();
    await page.getByRole('table').getByText(email).waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('subscribers.csv');
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,subscribed_at,confirmed_at');
    expect(csv).toContain(`"${email}"`);
  });
});
