import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../../src/shared/orders/orders';
import { addUser, freshAddress } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { resetTokenIn, waitForMail } from '../../support/mail-messages';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const PUBLIC_URL = 'https://shop.example.test';

/** A GET whose address goes to the shop exactly as written: fetch would tidy its spelling. */
function getAsWritten(baseUrl: string, target: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const asking = request({ hostname, port, path: target, method: 'GET' }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    asking.on('error', reject);
    asking.end();
  });
}

describe.each(testDialects())('secrets in addresses on %s', (dialect) => {
  let shop: TestShop;
  const lines: string[] = [];

  beforeAll(async () => {
    shop = await startTestShop(
      dialect,
      { PUBLIC_URL, LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => shop.close());

  /** The addresses the log gives for requests whose address starts so. */
  const loggedUrls = (start: string) =>
    lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url?.startsWith(start) ? [entry.req.url] : []));

  it("never log a guest order's key, however the query spells key", async () => {
    const pendant = await addProduct(shop.database, { pricePence: 2450, countInStock: 4 });
    const items = [{ product: pendant.id, qty: 1 }];
    const guest = { email: 'logged.guest@example.com' };
    const payment = await openPayment(shop, undefined, items, guest);
    const placed = await placeOrder(shop, undefined, payment.id, items, guest);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    const key = new URL(order.orderLink ?? '').searchParams.get('key') ?? '';
    expect(key).toMatch(/^[\w-]{43}$/);

    const spellings = ['key', '%6Bey', '%6b%65%79', 'k%65y'];
    for (const name of spellings) {
      // Each spelling opens the order: the router's query parser reads it as `key`.
      expect(await getAsWritten(shop.baseUrl, `/api/orders/${order._id}?${name}=${key}`)).toBe(200);
    }
    expect(await getAsWritten(shop.baseUrl, `/api/orders/${order._id}?x=1&%6Bey=${key}`)).toBe(200);

    for (const line of lines) expect(line).not.toContain(key);
    expect(loggedUrls(`/api/orders/${order._id}`)).toEqual([
      `/api/orders/${order._id}?key=[key]`,
      `/api/orders/${order._id}?%6Bey=[key]`,
      `/api/orders/${order._id}?%6b%65%79=[key]`,
      `/api/orders/${order._id}?k%65y=[key]`,
      `/api/orders/${order._id}?x=1&%6Bey=[key]`,
    ]);
  });

  it('never log a password reset token, however the path is spelt', async () => {
    const user = await addUser(shop);
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: user.email },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(
      path.join(shop.config.dataDir, 'outbox'),
      user.email,
      () => true,
    );
    const token = resetTokenIn(mail?.text, PUBLIC_URL) ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);

    // The router decodes the path before it matches a route: each of these checks the link.
    for (const spelt of ['forgot%2Dpassword/reset', 'forgot-password/%72eset']) {
      expect(await getAsWritten(shop.baseUrl, `/api/users/${spelt}/${token}`)).toBe(200);
    }

    for (const line of lines) expect(line).not.toContain(token);
    expect(loggedUrls('/api/users/forgot')).toEqual([
      '/api/users/forgot-password',
      '/api/users/forgot-password/reset/[token]',
      '/api/users/forgot-password/reset/[token]',
    ]);
  });
});
