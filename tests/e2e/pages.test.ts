import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser } from './support';

describe('information pages and the newsletter', () => {
  const browser = useBrowser('phone');

  it.each([
    ['FAQ', '/faq', 'Frequently asked questions'],
    ['Shipping & Returns', '/shipping-info', 'Shipping & Returns'],
    ['Payment', '/payment-info', 'Payment'],
    ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ['Terms of Use', '/terms', 'Terms of Use'],
    ['Contact', '/contact', 'Contact us'],
    ['Dealer’s Notice', '/dealers-notice', 'Dealer’s Notice'],
  ])('a shopper opens %s from the footer', async (link, path, heading) => {
    const { page } = browser;
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await page.waitForURL(`**${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAccessible(page);
  });

  it('the pages say what the shop promises', async () => {
    const { page } = browser;
    await page.goto('/terms');
    await page.getByRole('main').getByText('VAT number: GB 000 0000 00').waitFor();
    const terms = (await page.getByRole('main').textContent()) ?? '';
    expect(terms).toMatch(/18/);
    expect(terms).toMatch(/30 days/);
    expect(terms).toMatch(/55 cm/);
    expect(terms).toMatch(/70 cm/);
    expect(terms).toMatch(/14 days/);
    expect(terms).toMatch(/Model cancellation form/);
    expect(terms).toMatch(/VAT number GB 000 0000 00|VAT number: GB 000 0000 00/);
    await page.goto('/shipping-info');
    const shipping = (await page.getByRole('main').textContent()) ?? '';
    expect(shipping).toMatch(/UK/);
    expect(shipping).toMatch(/1-2/);
    expect(shipping).toMatch(/2-3/);
    expect(shipping).toMatch(/returns/i);
  });

  it('a shopper subscribes to the newsletter', async () => {
    const { page } = browser;
    // Every address the page sends to the newsletter, in order.
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/subscribers') {
        sent.push(request.postDataJSON());
      }
    });
    await page.goto('/');
    const email = page.getByRole('textbox', { name: 'Email address' });
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    expect(await subscribe.isDisabled()).toBe(true);
    await email.fill('abc');
    await subscribe.click();
    expect(await page.getByText('Thank you for subscribing').count()).toBe(0);

    const address = `reader-${Date.now()}@example.com`;
    await email.fill(address);
    await subscribe.click();
    await page.getByRole('status').filter({ hasText: 'Thank you for subscribing' }).waitFor();
    // The thanks answers the second address; the first, too short, was never sent.
    expect(sent).toEqual([{ email: address }]);
    expect(await email.inputValue()).toBe('');
    expect(await subscribe.isDisabled()).toBe(true);
    await expectAccessible(page);
  });
});
