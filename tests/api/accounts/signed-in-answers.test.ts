import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, bearer, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addVoucher } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe('what a signed-in caller is answered', () => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop('sqlite');
    customer = await addUser(shop);
    await addVoucher(shop.database, { code: 'WINTER10', discountPence: 1000 });
  });
  afterAll(async () => {
    await shop.close();
  });

  const lookUp = (user: TestUser, code: string, address = '10.9.0.1') =>
    shop.app.inject({
      method: 'GET',
      url: `/api/vouchers/code/${code}`,
      headers: bearer(user.token),
      remoteAddress: address,
    });

  it('is never kept by a browser, a proxy or a CDN', async () => {
    for (const url of ['/api/users/profile', '/api/orders/myorders', '/api/products']) {
      const response = await shop.app.inject({
        method: 'GET',
        url,
        headers: bearer(customer.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const refused = await shop.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: bearer(`${customer.token}x`),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('lets one account look up 30 voucher codes an hour, whatever its address', async () => {
    const guesser = await addUser(shop);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const code = attempt === 0 ? 'WINTER10' : `GUESS${attempt}`;
      statuses.push((await lookUp(guesser, code, freshAddress())).statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, 30).every((status) => status === 404)).toBe(true);
    const limited = await lookUp(guesser, 'WINTER10', freshAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another customer is not held back by it.
    expect((await lookUp(customer, 'WINTER10', freshAddress())).statusCode).toBe(200);
  });

  it('lets one address look up 30 codes an hour, whichever accounts it uses', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const account = await addUser(shop);
      statuses.push((await lookUp(account, `TRY${attempt}`, address)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
