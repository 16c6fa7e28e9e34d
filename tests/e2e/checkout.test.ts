import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Product } from '../../src/shared/catalog/catalog';
import {
  apiToken,
  baseUrl,
  catalogue,
  continueFromPayment,
  expectAccessible,
  fillAddress,
  newCustomer,
  setPriceAsAdmin,
  signIn,
  soldOneWay,
  useBrowser,
} from './support';

const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date());

const pence = (pounds: number) => Math.round(pounds * 100);
const pounds = (amount: number) => `£${(amount / 100).toFixed(2)}`;
/** The demo shop's default delivery, Tracked 48: £3.95, free from £60 of items after discounts. */
const deliveryFor = (discountedPence: number) => (discountedPence >= 6000 ? 0 : 395);

/** The amount shown against a term of the order summary (Items, Delivery, Total). */
function summaryValue(page: Page, term: string) {
  return () =>
    page
      .getByRole('complementary', { name: 'Order summary' })
      .locator('dt', { hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
}

/** The words tied to a field for a screen reader (its `aria-describedby`), as the page shows them. */
async function descriptionOf(page: Page, label: string) {
  const ids = (await page.getByLabel(label).getAttribute('aria-describedby')) ?? '';
  const parts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return parts.join(' ').trim();
}

/** A product sold one way, two of which reach WELCOME5's £20 minimum spend and one does not. */
async function underTwentyPounds(): Promise<Product> {
  const product = (await catalogue()).find(
    (candidate) =>
      soldOneWay(candidate) &&
      candidate.countInStock >= 4 &&
      candidate.price >= 10 &&
      candidate.price < 20,
  );
  if (!product) throw new Error('no suitable demo product');
  return product;
}

/** The admin given to the journeys saves a live voucher through the API; answers its id. */
async function saveVoucherAsAdmin(voucher: {
  id?: string;
  name: string;
  code: string;
  discount: number;
  expires: string;
}): Promise<string> {
  const admin = inject('admin');
  const authorization = `Bearer ${await apiToken(admin.email, admin.password)}`;
  let id = voucher.id;
  if (id === undefined) {
    // A draft first, as the admin screens make it; the call has no body.
    const draft = await fetch(`${baseUrl()}/api/vouchers`, {
      method: 'POST',
      headers: { authorization },
    });
    if (!draft.ok) throw new Error(`Making a voucher answered ${draft.status}`);
    id = ((await draft.json()) as { _id: string })._id;
  }
  const { name, code, discount, expires } = voucher;
  const saved = await fetch(`${baseUrl()}/api/vouchers/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ name, code, discount, expires }),
  });
  if (!saved.ok) throw new Error(`Saving the voucher ${code} answered ${saved.status}`);
  return id;
}

/** A signed-in customer with a delivery address and `qty` of `product` in the basket. */
async function readyToOrder(page: Page, name: string, product: Product, qty: number) {
  const customer = await newCustomer(name);
  await page.goto('/account/login?redirect=/checkout/shipping');
  await signIn(page, customer.email, customer.password);
  await page.waitForURL(/\/checkout\/shipping$/);
  await fillAddress(page, { line1: '9 Vine Street', city: 'Leeds', postcode: 'LS1 4AP' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/checkout\/payment$/);
  await page.goto(`/product/${product._id}`);
  await page.getByLabel('Quantity').selectOption(String(qty));
  await page.getByRole('button', { name: 'Add To Basket' }).click();
  await page
    .getByRole('button', { name: `Basket, ${qty} item${qty === 1 ? '' : 's'}` })
    .first()
    .waitFor();
}

describe('checkout', () => {
  const browser = useBrowser();

  it('a shopper goes from an empty basket to a paid order with a voucher, and an admin fulfils it', async () => {
    const { page } = browser;
    const customer = await newCustomer('Peggy Paid');
    const product = (await catalogue()).find(
      (candidate) =>
        soldOneWay(candidate) &&
        candidate.countInStock >= 3 &&
        candidate.price > 20 &&
        candidate.price < 50,
    );
    if (!product) throw new Error('no suitable demo product');

    await page.goto('/basket');
    await page.getByText('Basket is empty').waitFor();
    await page.goto(`/product/${product._id}`);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 2 items' }).first().click();
    await page
      .getByRole('dialog', { name: 'Basket' })
      .getByRole('button', { name: 'Proceed To Checkout' })
      .click();

    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/shipping$/);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(/\/checkout\/shipping$/);
    await expectAccessible(page);
    expect(await page.getByLabel("Recipient's name").inputValue()).toBe('Peggy Paid');
    expect(await page.getByLabel('Country').count()).toBe(0);
    await fillAddress(page, { line1: '14 Ash Grove', city: 'York', postcode: 'YO1' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That is not a UK postcode (for example SW1A 1AA)').waitFor();
    await page.getByLabel('Postcode').fill('yo17hh');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/checkout\/payment$/);
    expect(await page.getByRole('radio', { name: 'PayPal or credit card' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/checkout\/placeorder$/);
    await page.getByRole('heading', { name: 'Place Order' }).waitFor();
    const itemsPence = pence(product.price) * 2;
    const shippingPence = deliveryFor(itemsPence);
    // WELCOME5 takes £5 off the items, which may bring them below free delivery.
    const welcomePence = itemsPence - 500 + deliveryFor(itemsPence - 500);
    const total = summaryValue(page, 'Total');
    await expect.poll(total).toBe(pounds(itemsPence + shippingPence));
    await page.getByText('YO1 7HH').waitFor();
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await page.getByLabel('Voucher code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('That voucher code is not valid').waitFor();
    await page.getByLabel('Voucher code').fill('welcome5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(total).toBe(pounds(welcomePence));
    await page.getByLabel('Notes (optional)').fill('Please wrap it as a gift');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
    const orderId = page.url().split('/').at(-2) ?? '';
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    const printedNumber = main.getByText(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const orderNumber = (await printedNumber.textContent()) ?? '';
    await expect.poll(total).toBe(pounds(welcomePence));
    // The service it goes by, with the dates it was sold with.
    await main.getByText(/^Dispatched by \w{3} \d{1,2} \w{3}, arrives /).waitFor();
    await expectAccessible(page);
    await main.getByRole('link', { name: 'View your order' }).click();
    await page.waitForURL(new RegExp(`/account/order/${orderId}$`));
    await main.getByText('Not Dispatched', { exact: true }).waitFor();
    await main.getByText(`Paid on ${today}`).waitFor();
    await main.getByText('Please wrap it as a gift').waitFor();
    await main.getByText(pounds(welcomePence)).first().waitFor();
    await expectAccessible(page);
    await page
      .getByRole('button', { name: /^Basket, 0 items$/ })
      .first()
      .waitFor();

    await page.goto('/account/profile');
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await row.waitFor();
    expect(await page.getByText('1 order').count()).toBeGreaterThan(0);

    // The admin marks it dispatched, then delivered.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin/orderlist');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin\/orderlist$/);
    const listRow = page.getByRole('row').filter({ hasText: 'Peggy Paid' }).first();
    await listRow.getByRole('cell', { name: 'Paid, not dispatched yet' }).waitFor();
    await expectAccessible(page);
    await listRow.getByRole('link', { name: `Details of order ${orderNumber}` }).click();
    await page.waitForURL(new RegExp(`/admin/order/${orderId}$`));
    await page.getByRole('button', { name: 'Mark as dispatched' }).click();
    await page.getByText(`Dispatched: ${today}`).waitFor();
    await page.getByRole('button', { name: 'Mark as delivered' }).click();
    // Delivery cannot be undone: the screen asks first, naming the order.
    const asked = page.getByRole('dialog');
    await asked.getByText(orderNumber).first().waitFor();
    await asked.getByRole('button', { name: 'Yes, it was delivered' }).click();
    await page.getByText(`Delivered: ${today}`).waitFor();

    // The customer sees both dates.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.goto(`/account/login?redirect=/account/order/${orderId}`);
    await signIn(page, customer.email, customer.password);
    await page.waitForURL(new RegExp(`/account/order/${orderId}$`));
    await page.getByText(`Delivered: ${today}`).waitFor();
    await page.getByText(`Dispatched: ${today}`).waitFor();
    expect(await page.getByRole('button', { name: /Mark as/ }).count()).toBe(0);
  });

  it('checkout asks a signed-out shopper to sign in, and an empty basket cannot be ordered', async () => {
    const { page } = browser;
    await page.goto('/checkout/placeorder');
    await page.waitForURL(/\/account\/login\?redirect=\/checkout\/placeorder$/);
    const customer = await newCustomer('Ned Nothing');
    await signIn(page, customer.email, customer.password);
    // No address yet: the shipping form comes first.
    await page.waitForURL(/\/checkout\/shipping$/);
    await fillAddress(page, { line1: '3 Elm Row', city: 'Leeds', postcode: 'LS1 4AP' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.goto('/checkout/placeorder');
    await page.getByText('Basket is empty').waitFor();
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
  });

  it('a price change between basket and payment is shown and accepted', async () => {
    const { page } = browser;
    const customer = await newCustomer('Priya Price');
    const product = (await catalogue()).find(
      (candidate) =>
        soldOneWay(candidate) &&
        candidate.countInStock >= 2 &&
        candidate.price >= 5 &&
        candidate.price < 40,
    );
    if (!product) throw new Error('no suitable demo product');
    const basketPence = pence(product.price);
    const raisedPence = basketPence + 250;
    const raisedAgainPence = raisedPence + 100;
    const totalAt = (itemsPence: number) => pounds(itemsPence + deliveryFor(itemsPence));

    try {
      await page.goto('/account/login?redirect=/checkout/shipping');
      await signIn(page, customer.email, customer.password);
      await page.waitForURL(/\/checkout\/shipping$/);
      // A gift: the parcel goes to someone else.
      await fillAddress(page, {
        name: 'Sam Price',
        line1: '7 Quay Street',
        city: 'Bristol',
        postcode: 'bs14dj',
      });
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/checkout\/payment$/);

      await page.goto(`/product/${product._id}`);
      await page.getByRole('button', { name: 'Add To Basket' }).click();
      await page.getByRole('button', { name: 'Basket, 1 item' }).first().waitFor();
      await setPriceAsAdmin(product._id, raisedPence / 100);

      await page.goto('/checkout/placeorder');
      const total = summaryValue(page, 'Total');
      await expect.poll(total).toBe(totalAt(raisedPence));
      await page.getByRole('main').getByText('BS1 4DJ', { exact: true }).waitFor();
      await page.getByText('Sam Price').waitFor();
      await page
        .getByText(
          `Prices have changed since you added these items: the total is now ${totalAt(raisedPence)} (was ${totalAt(basketPence)}).`,
          { exact: false },
        )
        .waitFor();
      await expectAccessible(page);

      // The price moves again while the shopper looks: the payment is refused, the figures shown.
      await setPriceAsAdmin(product._id, raisedAgainPence / 100);
      const pay = page.getByRole('button', { name: 'Pay (test mode, no money taken)' });
      await pay.click();
      await page
        .getByText(
          `Prices have changed since you added these items: the total is now ${totalAt(raisedAgainPence)} (was ${totalAt(raisedPence)}). Please check and pay again.`,
        )
        .waitFor();
      await expect.poll(total).toBe(totalAt(raisedAgainPence));
      expect(page.url()).toMatch(/\/checkout\/placeorder$/);

      await pay.click();
      await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
      await expect.poll(total).toBe(totalAt(raisedAgainPence));
      await main.getByText('BS1 4DJ').waitFor();
      await main.getByText('Sam Price').waitFor();
      await expectAccessible(page);
    } finally {
      await setPriceAsAdmin(product._id, product.price);
    }
  });
  it('an applied voucher stays through a change of address and a reload, is paid with, and is not carried into the next order', async () => {
    const { page } = browser;
    const product = await underTwentyPounds();
    await readyToOrder(page, 'Vera Voucher', product, 2);
    const itemsPence = pence(product.price) * 2;
    const fullPence = itemsPence + deliveryFor(itemsPence);

    await page.goto('/checkout/placeorder');
    const total = summaryValue(page, 'Total');
    await expect.poll(total).toBe(pounds(fullPence));
    await page.getByLabel('Voucher code').fill('welcome5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(total).toBe(pounds(fullPence - 500));
    const summary = page.getByRole('complementary', { name: 'Order summary' });

    // Back to change the address, then on to the last step again. The one typed at first was
    // kept in the address book, so another is typed as a new one.
    await page.getByRole('link', { name: 'Change address' }).click();
    await page.waitForURL(/\/checkout\/shipping$/);
    await page.getByRole('radio', { name: 'A new address' }).check();
    await fillAddress(page, { line1: '11 Vine Street', city: 'Leeds', postcode: 'LS1 4AP' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    await page.getByText('11 Vine Street').waitFor();
    await expect.poll(total).toBe(pounds(fullPence - 500));
    await summary.getByText('Voucher: Welcome').waitFor();

    await page.reload();
    await expect.poll(total).toBe(pounds(fullPence - 500));
    await summary.getByText('Voucher: Welcome').waitFor();
    await summary.getByText('WELCOME5', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove voucher' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
    await expect.poll(total).toBe(pounds(fullPence - 500));

    // The next order starts without it: WELCOME5 is once per customer, so a leftover code would
    // be refused in words.
    await page.goto(`/product/${product._id}`);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'Add To Basket' }).click();
    await page.getByRole('button', { name: 'Basket, 2 items' }).first().waitFor();
    await page.goto('/checkout/placeorder');
    await expect.poll(total).toBe(pounds(fullPence));
    expect(await page.getByRole('button', { name: 'Remove voucher' }).count()).toBe(0);
    expect(await descriptionOf(page, 'Voucher code')).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('voucherCode'))).toBeNull();
  });

  it('a voucher the shop refuses is taken off in words: one an admin expired meanwhile, and one the basket fell below', async () => {
    const { page } = browser;
    const product = await underTwentyPounds();
    const code = `SPRING-${randomBytes(3).toString('hex').toUpperCase()}`;
    const spring = { name: 'Spring', code, discount: 3, expires: '2099-12-31' };
    const voucherId = await saveVoucherAsAdmin(spring);
    await readyToOrder(page, 'Rita Refused', product, 2);
    const itemsPence = pence(product.price) * 2;
    const fullPence = itemsPence + deliveryFor(itemsPence);
    const summary = page.getByRole('complementary', { name: 'Order summary' });

    await page.goto('/checkout/placeorder');
    const total = summaryValue(page, 'Total');
    await expect.poll(total).toBe(pounds(fullPence));
    await page.getByLabel('Voucher code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(total).toBe(pounds(fullPence - 300));

    // The admin ends it while the shopper looks away; coming back, the shop refuses it.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await saveVoucherAsAdmin({ ...spring, id: voucherId, expires: yesterday });
    await page.reload();
    await page.getByText('That voucher has expired').waitFor();
    expect(await descriptionOf(page, 'Voucher code')).toBe('That voucher has expired');
    expect(await page.getByLabel('Voucher code').inputValue()).toBe(code);
    await expect.poll(total).toBe(pounds(fullPence));
    expect(await summary.getByText(/^Voucher:/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove voucher' }).count()).toBe(0);
    await expectAccessible(page);

    // WELCOME5 applies to two; with one in the basket the shop says how much more to spend.
    await page.getByLabel('Voucher code').fill('WELCOME5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(total).toBe(pounds(fullPence - 500));
    await page.goto('/basket');
    await page.getByLabel(`Quantity of ${product.name}`).selectOption('1');
    await page.getByRole('main').getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/checkout\/shipping$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await continueFromPayment(page);
    const onePence = pence(product.price);
    const needMore = `This voucher needs a spend of £20.00 on items: add ${pounds(2000 - onePence)} more to use it`;
    await page.getByText(needMore).waitFor();
    expect(await descriptionOf(page, 'Voucher code')).toBe(needMore);
    await expect.poll(total).toBe(pounds(onePence + deliveryFor(onePence)));
    expect(await summary.getByText(/^Voucher:/).count()).toBe(0);
    await expectAccessible(page);

    // Paid as shown: without the voucher.
    await page.getByRole('button', { name: 'Pay (test mode, no money taken)' }).click();
    await page.waitForURL(/\/account\/order\/[0-9a-f]{24}\/thank-you$/);
    await expect.poll(total).toBe(pounds(onePence + deliveryFor(onePence)));
  });
});
