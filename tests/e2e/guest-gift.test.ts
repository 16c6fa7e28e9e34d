import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { outboxMailsTo } from '../support/mail-messages';
import {
  catalogue,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  useBrowser,
} from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

const MESSAGE = 'Happy birthday, Mum!\nWith love from us both';

describe.each(['desktop', 'phone'] as const)('a guest buying a gift (%s)', (viewport) => {
  const browser = useBrowser(viewport);

  it('checks out without an account, wraps the pendant with a message, and cancels from the mailed link', async () => {
    const { page } = browser;
    // A pendant on a chain length with two or more in stock, chosen by its link.
    const pendant = (await catalogue()).find(
      (candidate) =>
        candidate.category === 'pendants' &&
        candidate.variants.some((variant) => variant.countInStock >= 2),
    );
    const chain = pendant?.variants.find((variant) => variant.countInStock >= 2);
    if (!pendant || !chain) throw new Error('no pendant in stock in the demo catalogue');
    const email = `guest-${viewport}-${String(Date.now())}@example.com`;

    await page.goto(`/product/${pendant._id}?variant=${chain._id}`);
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.goto('/basket');
    await page.getByRole('main').getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
    const guest = page.getByRole('region', { name: 'Check out as a guest' });
    await guest.getByLabel('Your name').fill('George Guest');
    await guest.getByLabel('Email for your receipt').fill(email);
    await expectAccessible(page);
    await guest.getByRole('button', { name: 'Check out as a guest' }).click();

    await page.waitForURL(/\/checkout\/shipping$/);
    await fillAddress(page, {
      name: 'Mary Guest',
      line1: '9 Orchard Close',
      city: 'Ludlow',
      postcode: 'SY8 1AA',
    });
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);

    await page.getByRole('checkbox', { name: /This is a gift/ }).check();
    await page.getByLabel('Gift message (optional)').fill(MESSAGE);
    await page.getByRole('checkbox', { name: 'Gift wrap it (£3.50)' }).check();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText('Gift wrap').waitFor();
    await page
      .getByRole('blockquote')
      .getByText(/Happy birthday, Mum!/)
      .waitFor();
    await expectAccessible(page);
    await mkdir(SHOTS, { recursive: true });
    await page
      .getByRole('region', { name: 'Gift' })
      .screenshot({ path: path.join(SHOTS, `gift-step-${viewport}.png`) });
    await page.screenshot({
      path: path.join(SHOTS, `place-order-gift-${viewport}.png`),
      fullPage: true,
    });

    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
    await page.waitForURL(/\/order\/[0-9a-f]{24}\?key=[\w-]{43}$/);
    await page.getByText('Thank you: your order is placed and paid.').waitFor();
    await expectAccessible(page);

    const [mail] = await outboxMailsTo(inject('outboxDir'), email);
    const link = /Your order: (https?:\/\/\S+\/order\/[0-9a-f]{24}\?key=[\w-]{43})/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(link, mail?.text).toBeDefined();
    // A gift's confirmation also carries the link its recipient may follow the parcel by.
    expect(mail?.text).toMatch(/Forward this link to Mary Guest so they can follow the parcel/);
    expect(mail?.text).toContain('Gift wrap: £3.50');

    // The confirmation gives the link for the recipient to the buyer, to copy and forward.
    const forRecipient = page.getByRole('region', { name: 'A link for Mary Guest' });
    const recipientLink = await forRecipient.getByLabel('Link for Mary Guest').inputValue();
    expect(mail?.text).toContain(recipientLink);
    expect(recipientLink).not.toBe(link);

    // A new visit by the mailed link: no account, nothing kept in this tab but the link.
    await page.goto('/');
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
    await main.getByText('Sent as a gift, gift wrapped, without prices.').waitFor();
    expect(await main.getByText(/Happy birthday, Mum!/).textContent()).toBe(MESSAGE);
    await main.getByText('Mary Guest', { exact: true }).waitFor();
    expect(await main.getByRole('region', { name: 'A link for Mary Guest' }).count()).toBe(0);
    expect(await main.getByText('9 Orchard Close').count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({
      path: path.join(SHOTS, `guest-order-${viewport}.png`),
      fullPage: true,
    });

    // What Mary sees by her own link: the parcel and the message, no price, no way to cancel.
    await page.goto(new URL(recipientLink).pathname + new URL(recipientLink).search);
    await main.getByRole('heading', { level: 1, name: 'A gift from George Guest' }).waitFor();
    expect(await main.getByText(/Happy birthday, Mum!/).textContent()).toBe(MESSAGE);
    await main.getByText('Ludlow').first().waitFor();
    expect(await main.getByText('£', { exact: false }).count()).toBe(0);
    expect(await main.getByText('9 Orchard Close').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({
      path: path.join(SHOTS, `gift-recipient-${viewport}.png`),
      fullPage: true,
    });

    // Back to the buyer's own link, to cancel.
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await main.getByText('Sent as a gift, gift wrapped, without prices.').waitFor();

    await main.getByRole('button', { name: 'Cancel order' }).click();
    await main.getByRole('button', { name: 'Yes, cancel it' }).click();
    await main.getByText('Status: Cancelled').waitFor();
    await expectAccessible(page);
  });
});
