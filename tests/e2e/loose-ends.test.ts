import Database from 'better-sqlite3';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { orderSchema, type Order } from '../../src/shared/orders/orders';
import { providerPaymentAnswerSchema } from '../../src/shared/payments/payments';
import {
  baseUrl,
  catalogue,
  expectAccessible,
  newCustomer,
  paidOrder,
  signIn,
  soldOneWay,
  useBrowser,
} from './support';

/** Where the journeys' screenshots and printouts go, to be looked at. */
const SHOTS = path.join(process.cwd(), 'test-results', 'screenshots');

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the shop looks for kept orders now settled, and a margin for a busy machine. */
const FORGETTING_LOOKS_EVERY_MS = 30_000;

/** The journeys' shop's own database, to move an order's delivery into the past. */
function shopDatabase(): Database.Database {
  const database = new Database(path.join(path.dirname(inject('outboxDir')), 'shop.db'));
  database.pragma('busy_timeout = 5000');
  return database;
}

/** A guest's order of one thing as a wrapped gift with a message, made through the API. */
async function wrappedGift(): Promise<Order> {
  const product = (await catalogue()).find(
    (candidate) => soldOneWay(candidate) && candidate.countInStock >= 3,
  );
  if (!product) throw new Error('no suitable demo product');
  const body = {
    orderItems: [{ product: product._id, qty: 1 }],
    email: `george.lamb.${Date.now()}@example.com`,
    buyer: { name: 'George Lamb' },
    shippingAddress: {
      name: 'Helen Lamb',
      address: '9 Orchard Row',
      city: 'Ludlow',
      postalCode: 'SY8 1AX',
      country: 'United Kingdom',
    },
    gift: { message: 'Happy birthday, Mum!\nLove, George', wrap: true },
  };
  const send = async (target: string, payload: unknown) => {
    const response = await fetch(`${baseUrl()}/api${target}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
      body: JSON.stringify(payload),
    });
    if (!response.ok) throw new Error(`POST ${target} answered ${String(response.status)}`);
    return (await response.json()) as unknown;
  };
  const payment = providerPaymentAnswerSchema.parse(await send('/payments', body));
  return orderSchema.parse(await send('/orders', { ...body, paymentResult: { id: payment.id } }));
}

describe('loose ends of a week of orders', () => {
  const browser = useBrowser();

  it(
    'a customer closes her account with an order still to send; the owner sends and delivers it, and once its return window is over finds her gone from it',
    async () => {
      const { page } = browser;
      const pia = await newCustomer('Pia Parcel');
      const order = await paidOrder('Pia Parcel', 'NR2 1HN', pia);

      // She closes her account at once; the order she paid for is kept whole until settled.
      await page.goto('/account/login?redirect=/account/profile');
      await signIn(page, pia.email, pia.password);
      await page.waitForURL(/\/account\/profile$/);
      const yours = page.getByRole('region', { name: 'Your data' });
      await yours.getByRole('button', { name: 'Close my account' }).click();
      const closing = page.getByRole('form', { name: 'Close my account' });
      await closing.getByText(order.orderNumber).waitFor();
      await closing.getByLabel('Your password').fill(pia.password);
      await closing.getByRole('button', { name: 'Yes, close my account' }).click();
      await page.waitForURL((url) => url.pathname === '/');

      // The owner still has her name, street and contact on it, and is told why.
      const admin = inject('admin');
      await page.goto('/account/login?redirect=/admin');
      await signIn(page, admin.email, admin.password);
      await page.waitForURL(/\/admin$/);
      await page.goto(`/admin/order/${order._id}`);
      await page.getByText('4 Harbour Row').waitFor();
      await page.getByText(pia.email).first().waitFor();
      await page
        .getByText(
          'The buyer closed their account: their details are kept until this order is settled',
        )
        .waitFor();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Mark as dispatched' }).click();
      await page.getByRole('button', { name: 'Mark as delivered' }).waitFor();
      await page.getByRole('button', { name: 'Mark as delivered' }).click();
      await page.getByRole('button', { name: 'Yes, it was delivered' }).click();
      await page.getByText('Delivered', { exact: true }).first().waitFor();

      // Fifteen days on, its return window is over: the shop forgets her by itself.
      const database = shopDatabase();
      try {
        database
          .prepare('update orders set delivered_at = ? where id = ?')
          .run(new Date(Date.now() - 15 * DAY_MS).toISOString(), order._id);
      } finally {
        database.close();
      }
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
            return page.getByText('A former customer').count();
          },
          { timeout: FORGETTING_LOOKS_EVERY_MS * 2, interval: 2000 },
        )
        .toBeGreaterThan(0);
      expect(await page.getByText('4 Harbour Row').count()).toBe(0);
      expect(await page.getByText(pia.email).count()).toBe(0);
      await page
        .getByText('The buyer’s details removed, as their account is closed')
        .first()
        .waitFor();
    },
    FORGETTING_LOOKS_EVERY_MS * 5,
  );

  it('the owner prints the slips of a wrapped gift: the wrap and its order are on paper, its prices are not', async () => {
    const { page } = browser;
    const gift = await wrappedGift();
    const admin = inject('admin');
    await page.goto(`/account/login?redirect=/admin/slips?orders=${gift._id}`);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin\/slips\?orders=/);
    const pick = page.getByRole('region', { name: 'Pick list' });
    await pick.getByText(`${gift.orderNumber} (gift wrap)`).waitFor();
    await expectAccessible(page);

    // As printed: the wrap is still said, the screen's own words and every price are not.
    await page.emulateMedia({ media: 'print' });
    const slip = page.getByRole('article', { name: `Order ${gift.orderNumber}` });
    expect(await slip.getByText('Gift wrap', { exact: true }).isVisible()).toBe(true);
    expect(await slip.getByText('A gift: wrap it, no prices').isVisible()).toBe(false);
    expect(await slip.getByText(/Happy birthday, Mum!/).isVisible()).toBe(true);
    expect(await slip.getByText(/£\d/).count()).toBe(0);
    expect(await pick.getByText(`${gift.orderNumber} (gift wrap)`).isVisible()).toBe(true);
    await mkdir(SHOTS, { recursive: true });
    const pdf = await page.pdf({ format: 'A4', path: path.join(SHOTS, 'gift-slips.pdf') });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The pick list on its page, the slip on the next.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(2);
  });
});
