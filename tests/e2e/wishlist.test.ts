import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, expectAccessible, newCustomer, signIn, useBrowser } from './support';

/** Where the journeys' screenshots go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

describe.each(['desktop', 'phone'] as const)('the wishlist (%s)', (viewport) => {
  const browser = useBrowser(viewport);

  it('a guest hearts a product on a card and a size on its page, signs in, and finds both on their wishlist', async () => {
    const { page } = browser;
    await mkdir(SHOTS, { recursive: true });
    const customer = await newCustomer(`Wendy Wish ${viewport}`);

    // A card on the home page.
    await page.goto('/');
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
    const cardName = (await card.getByRole('heading').textContent()) ?? '';
    const sized = (await catalogue()).find(
      (product) => product.variants.length > 1 && product.name !== cardName,
    );
    const size = sized?.variants[1];
    if (!sized || !size) throw new Error('no product in sizes in the demo catalogue');
    await card.getByRole('button', { name: `Add ${cardName} to your wishlist` }).click();
    const pressed = card.getByRole('button', { name: `Remove ${cardName} from your wishlist` });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    await card.screenshot({ path: path.join(SHOTS, `wishlist-card-${viewport}.png`) });

    // A size on a product page.
    await page.goto(`/product/${sized._id}?variant=${size._id}`);
    const sizeWords = Object.entries(size.options)
      .map(([group, value]) => `${group}: ${value}`)
      .join(', ');
    const what = `${sized.name} (${sizeWords})`;
    await page.getByRole('button', { name: `Add ${what} to your wishlist` }).click();
    await page.getByRole('button', { name: `Remove ${what} from your wishlist` }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, `wishlist-product-page-${viewport}.png`) });

    // The guest's own list, kept in this browser.
    await page.goto('/account/wishlist');
    const list = page.getByRole('list', { name: 'Your wishlist' });
    await list.getByRole('link', { name: sized.name, exact: true }).waitFor();
    await list.getByRole('link', { name: cardName, exact: true }).waitFor();
    await page.getByText('This list is kept in this browser only.').waitFor();
    await expectAccessible(page);

    // Signing in joins it to the account's, and the browser forgets it.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/account\/login\?redirect=\/account\/wishlist$/);
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/account\/wishlist$/);
    await page.getByText('2 items').waitFor();
    expect(await page.getByText('This list is kept in this browser only.').count()).toBe(0);
    const rows = list.getByRole('listitem');
    expect(await rows.count()).toBe(2);
    await list.getByText(sizeWords, { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    await expectAccessible(page);
    await page.screenshot({
      path: path.join(SHOTS, `wishlist-page-${viewport}.png`),
      fullPage: true,
    });

    // The heart on the card says so for the account too.
    await page.goto('/');
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('button', { name: `Remove ${cardName} from your wishlist` })
      .waitFor();
  });
});
