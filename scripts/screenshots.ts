// Takes screenshots of the main screens at phone and desktop width: `npm run screenshots [baseUrl]`.
import { mkdir } from 'node:fs/promises';
import { launchBrowser, VIEWPORTS } from '../tests/e2e/browser';

const baseUrl = process.argv[2] ?? 'http://localhost:5000';
const outDir = 'screenshots';

const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole('list', { name: 'Products' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}/home-${name}.png`, fullPage: name === 'desktop' });

  // A product in the grid (the header's category menu has a Pendants link too).
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('link')
    .filter({ hasText: 'Pendant' })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add To Basket' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}/product-${name}.png`, fullPage: true });

  // Its chain lengths: one chosen, its price shown, then into the basket.
  const lengths = page.getByRole('group', { name: /^Chain length/ });
  await lengths.getByText('70 cm', { exact: true }).click();
  await page.waitForURL(/\?variant=/);
  await page.screenshot({ path: `${outDir}/product-chosen-${name}.png` });
  await page.getByRole('button', { name: 'Add To Basket' }).click();
  await page
    .getByRole('button', { name: /^Basket/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Basket' }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/basket-panel-${name}.png` });
  await page.keyboard.press('Escape');

  // A tee with a size sold out, that size chosen: the alert form in place of the button.
  await page.goto(`${baseUrl}/search/breton`);
  await page.getByRole('link').filter({ hasText: 'Breton' }).first().click();
  await page.getByRole('group', { name: /^Size/ }).getByText('XS', { exact: true }).click();
  await page.getByRole('button', { name: "Tell me when it's back" }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}/product-sold-out-size-${name}.png`, fullPage: true });

  // A shelf of its own for rings, in the category menu beside the other jewellery.
  await page.goto(`${baseUrl}/category/rings`);
  await page.getByRole('heading', { name: 'Rings', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}/category-rings-${name}.png` });

  await page.goto(`${baseUrl}/search/silver`);
  await page.getByRole('list', { name: /Search results/ }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}/search-${name}.png`, fullPage: name === 'desktop' });

  await page.goto(`${baseUrl}/account/login`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.screenshot({ path: `${outDir}/login-${name}.png` });

  // A throwaway customer, to show the signed-in screens.
  const email = `screens-${Date.now()}-${name}@example.com`;
  await page.goto(`${baseUrl}/account/register?redirect=/account/profile`);
  await page.getByLabel('Name (optional)').fill('Sam Screens');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('screenshots only');
  await page.getByLabel('Confirm password').fill('screenshots only');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  await page.screenshot({ path: `${outDir}/profile-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Edit Account' }).click();
  await page.getByRole('dialog').getByLabel('Current password').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/edit-profile-panel-${name}.png` });
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/search/pendant`);
  await page
    .getByRole('list', { name: /Search results/ })
    .getByRole('link')
    .filter({ hasText: 'Pendant' })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add To Basket' }).click();
  await page.getByRole('button', { name: 'Write a review' }).click();
  await page.getByRole('button', { name: 'Leave Feedback' }).waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${outDir}/review-panel-${name}.png` });
  await page.keyboard.press('Escape');

  await page.goto(`${baseUrl}/checkout/shipping`);
  await page.getByLabel("Recipient's name").fill('Sam Shopper');
  await page.getByLabel('Address line 1').fill('14 Ash Grove');
  await page.getByLabel('Town or city').fill('York');
  await page.getByLabel('Postcode').fill('yo17hh');
  await page.screenshot({ path: `${outDir}/checkout-shipping-${name}.png` });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Place Order' }).waitFor();
  await page.getByLabel('Voucher code').fill('WELCOME5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: /^Pay/ }).waitFor();
  await page.screenshot({ path: `${outDir}/checkout-placeorder-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.getByRole('heading', { name: /Thank you/ }).waitFor();
  await page.screenshot({ path: `${outDir}/order-confirmation-${name}.png`, fullPage: true });
  await page.getByRole('link', { name: 'View your order' }).click();
  await page.getByRole('button', { name: 'Cancel order' }).waitFor();
  await page.screenshot({ path: `${outDir}/order-${name}.png`, fullPage: true });

  // The next order: the address typed for the first was saved, and is offered first.
  await page.goto(`${baseUrl}/search/pendant`);
  await page
    .getByRole('list', { name: /Search results/ })
    .getByRole('link')
    .filter({ hasText: 'Pendant' })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add To Basket' }).click();
  await page.goto(`${baseUrl}/checkout/shipping`);
  await page.getByRole('group', { name: 'Send it to' }).waitFor();
  await page.screenshot({ path: `${outDir}/checkout-saved-addresses-${name}.png` });
  await page.getByRole('radio', { name: 'A new address' }).check();
  await page.screenshot({ path: `${outDir}/checkout-new-address-${name}.png`, fullPage: true });

  await page.goto(`${baseUrl}/account/profile`);
  await page.getByRole('list', { name: 'Saved addresses' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${outDir}/profile-addresses-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: /^Edit Sam Shopper/ }).click();
  await page.getByRole('button', { name: 'Save address' }).waitFor();
  await page.screenshot({ path: `${outDir}/profile-address-edit-${name}.png`, fullPage: true });
  await context.close();
}
await browser.close();
console.info(`Screenshots written to ${outDir}/`);
