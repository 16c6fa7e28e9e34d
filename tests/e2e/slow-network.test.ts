import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogue, useBrowser } from './support';

/** A phone on a slow connection: every request waits this long before it goes. */
const LATENCY_MS = 400;

/** When a request left the browser, in milliseconds since 1970 as `Date.now()` counts. */
const leftAt = (request: Request) => request.timing().startTime;

describe('following a link on a slow connection', () => {
  const browser = useBrowser('phone');

  it("asks for a product's answers as the link is followed, beside the page's code", async () => {
    const { page } = browser;
    await page.goto('/category/jewellery');
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const card = page.getByRole('list', { name: 'Jewellery' }).getByRole('link').first();
    const id = /^\/product\/(\w+)$/.exec((await card.getAttribute('href')) ?? '')?.[1] ?? '';
    const product = (await catalogue()).find((each) => each._id === id);
    expect(product).toBeDefined();

    const answer = page.waitForResponse((response) =>
      response.url().endsWith(`/api/products/${id}`),
    );
    const code = page.waitForResponse((response) =>
      /\/assets\/ProductPage-[\w-]+\.js$/.test(response.url()),
    );
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => document.documentElement.setAttribute('data-clicked-at', String(Date.now())),
        { capture: true, once: true },
      );
    });
    await card.click();
    const [asked, pageCode] = await Promise.all([answer, code]);
    await page.getByRole('heading', { level: 1, name: product?.name }).waitFor();
    const clickedAt = Number(await page.locator('html').getAttribute('data-clicked-at'));

    // The product is asked for at once, while the page's code is still on its way.
    expect(leftAt(asked.request()) - clickedAt).toBeLessThan(250);
    const codeArrivedAt = leftAt(pageCode.request()) + pageCode.request().timing().responseEnd;
    expect(codeArrivedAt - clickedAt).toBeGreaterThan(LATENCY_MS);
    expect(leftAt(asked.request())).toBeLessThan(codeArrivedAt);
  });
});
