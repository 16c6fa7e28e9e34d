import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptBasket } from '../../../src/shared/baskets/baskets';
import { CONSENT_WORDING } from '../../../src/shared/consents/consents';
import {
  addUser,
  apiCaller,
  freshAddress,
  signIn,
  type TestUser,
} from '../../support/account-fixtures';
import { addProduct, addProductWithVariants } from '../../support/catalogue-fixtures';
import { testDialects } from '../../support/databases';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('baskets kept by the shop on %s', (dialect) => {
  let shop: TestShop;
  const call = apiCaller(() => shop);
  let scarf: { id: string; name: string };
  let ring: { id: string; name: string };
  let ringSizes: string[];
  let draft: { id: string };

  beforeAll(async () => {
    shop = await startTestShop(dialect);
    scarf = await addProduct(shop.database, {
      name: 'Merino scarf',
      pricePence: 3500,
      countInStock: 4,
    });
    const rings = await addProductWithVariants(
      shop.database,
      [{ name: 'Ring size', values: ['L', 'N'] }],
      [
        { options: { 'Ring size': 'L' }, countInStock: 0, pricePence: 4200 },
        { options: { 'Ring size': 'N' }, countInStock: 2, pricePence: 4500 },
      ],
      { name: 'Silver band', pricePence: 4200 },
    );
    ring = rings.product;
    ringSizes = rings.variantIds;
    draft = await addProduct(shop.database, { name: 'Not yet', status: 'draft' });
  });
  afterAll(() => shop.close());

  const scarfLine = (qty: number) => ({
    product: scarf.id,
    variant: null,
    name: 'Merino scarf',
    brand: 'Test Brand',
    image: '/uploads/test.webp',
    variantLabel: null,
    price: 35,
    qty,
    countInStock: 4,
  });
  const ringLine = (qty: number) => ({
    product: ring.id,
    variant: ringSizes[1],
    name: 'Silver band',
    brand: 'Test Brand',
    image: '/uploads/test.webp',
    variantLabel: 'Ring size: N',
    price: 45,
    qty,
    countInStock: 2,
  });

  const basketOf = async (user: TestUser) => {
    const answer = await call('GET', '/api/basket', user.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<KeptBasket>();
  };

  it('keeps a signed-in customer’s basket, the same at the next sign-in on another device', async () => {
    const customer = await addUser(shop);
    expect(await basketOf(customer)).toEqual({ items: [], changedAt: null });

    const kept = await call('PUT', '/api/basket', customer.token, {
      items: [
        { product: scarf.id, qty: 1 },
        { product: ring.id, variant: ringSizes[1], qty: 1 },
        // The same scarf again adds to its line; what is not on sale is left out.
        { product: scarf.id, variant: null, qty: 2 },
        { product: draft.id, qty: 1 },
        { product: 'no-such-product', qty: 1 },
        // A ring without its size chosen is not a line the shop can sell.
        { product: ring.id, qty: 1 },
      ],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const answer = kept.json<KeptBasket>();
    expect(answer).toEqual({
      items: [scarfLine(3), ringLine(1)],
      changedAt: expect.any(String) as unknown,
    });

    // Another device signs in: a new session, the same basket.
    const elsewhere = await signIn(shop, customer.email, customer.password);
    expect(await basketOf({ ...customer, token: elsewhere })).toEqual(answer);
  });

  it('answers today’s price and stock, not those of the day it was kept', async () => {
    const customer = await addUser(shop);
    const put = await call('PUT', '/api/basket', customer.token, {
      items: [{ product: ring.id, variant: ringSizes[1], qty: 2 }],
    });
    expect(put.statusCode).toBe(200);
    await shop.database.db
      .updateTable('product_variants')
      .set({ price_pence: 3900, count_in_stock: 1 })
      .where('id', '=', ringSizes[1] ?? '')
      .execute();
    try {
      expect((await basketOf(customer)).items).toEqual([
        { ...ringLine(2), price: 39, countInStock: 1 },
      ]);
    } finally {
      await shop.database.db
        .updateTable('product_variants')
        .set({ price_pence: 4500, count_in_stock: 2 })
        .where('id', '=', ringSizes[1] ?? '')
        .execute();
    }
  });

  it('is nobody’s but the signed-in customer’s, and refuses a basket that is not one', async () => {
    expect((await call('GET', '/api/basket')).statusCode).toBe(401);
    expect((await call('PUT', '/api/basket', undefined, { items: [] })).statusCode).toBe(401);
    const customer = await addUser(shop);
    await call('PUT', '/api/basket', customer.token, { items: [{ product: scarf.id, qty: 1 }] });
    const tooMany = Array.from({ length: 51 }, () => ({ product: scarf.id, qty: 1 }));
    for (const body of [
      {},
      { items: 'scarf' },
      { items: [{ product: scarf.id }] },
      { items: [{ product: scarf.id, qty: 0 }] },
      { items: [{ product: scarf.id, qty: -2 }] },
      { items: [{ product: scarf.id, qty: 1.5 }] },
      { items: [{ product: scarf.id, qty: 100 }] },
      { items: [{ product: scarf.id, qty: '2' }] },
      { items: [{ product: '', qty: 1 }] },
      { items: [{ product: 'x'.repeat(65), qty: 1 }] },
      { items: tooMany },
    ]) {
      const refused = await call('PUT', '/api/basket', customer.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    // Nothing changed.
    expect((await basketOf(customer)).items).toEqual([scarfLine(1)]);
  });

  it('keeps a guest’s basket under a token after they ask to be reminded, with their consent recorded', async () => {
    const email = `guest-${Date.now()}@example.com`;
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/baskets',
      payload: { email: `  ${email.toUpperCase()} `, items: [{ product: scarf.id, qty: 2 }] },
      remoteAddress: freshAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { token } = asked.json<{ token: string }>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const consents = await shop.database.db
      .selectFrom('consents')
      .select(['purpose', 'source', 'wording', 'withdrawn_at'])
      .where('email', '=', email)
      .execute();
    expect(consents).toEqual([
      {
        purpose: 'basket-reminders',
        source: 'checkout',
        wording: CONSENT_WORDING['basket-reminders'].checkout,
        withdrawn_at: null,
      },
    ]);
    // Only the token's hash is kept.
    const keys = await shop.database.db.selectFrom('kept_basket_keys').select('key_hash').execute();
    expect(keys.map((key) => key.key_hash)).not.toContain(token);

    const opened = await call('GET', `/api/baskets/${token}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<KeptBasket>().items).toEqual([scarfLine(2)]);

    const changed = await call('PUT', `/api/baskets/${token}`, undefined, {
      items: [{ product: ring.id, variant: ringSizes[1], qty: 1 }],
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', `/api/baskets/${token}`)).json<KeptBasket>().items).toEqual([
      ringLine(1),
    ]);

    // Asking again at the same address keeps one basket there, opened by either token.
    const again = await shop.app.inject({
      method: 'POST',
      url: '/api/baskets',
      payload: { email, items: [{ product: scarf.id, qty: 1 }] },
      remoteAddress: freshAddress(),
    });
    expect(again.statusCode).toBe(201);
    const second = again.json<{ token: string }>().token;
    expect(second).not.toBe(token);
    for (const each of [token, second]) {
      expect((await call('GET', `/api/baskets/${each}`)).json<KeptBasket>().items).toEqual([
        scarfLine(1),
      ]);
    }
    const atAddress = await shop.database.db
      .selectFrom('kept_baskets')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(atAddress).toHaveLength(1);
  });

  it('refuses a guest’s basket without a good address, and a token that opens nothing', async () => {
    for (const body of [
      { items: [] },
      { email: 'not-an-address', items: [] },
      { email: 'a@example.com' },
      { email: 'a@example.com', items: [{ product: scarf.id, qty: 0 }] },
    ]) {
      const refused = await shop.app.inject({
        method: 'POST',
        url: '/api/baskets',
        payload: body,
        remoteAddress: freshAddress(),
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = 'A'.repeat(43);
    expect((await call('GET', `/api/baskets/${unknown}`)).json()).toEqual({
      code: 'BASKET_NOT_FOUND',
      message: 'That basket link is not valid, or the basket has gone',
    });
    expect((await call('GET', `/api/baskets/${unknown}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/baskets/${unknown}`, undefined, { items: [] })).statusCode,
    ).toBe(404);
    for (const bad of ['short', 'has spaces in it and more than twenty', '%00'.repeat(10)]) {
      expect((await call('GET', `/api/baskets/${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }
  });

  it('takes five asks an hour for one address, from wherever they come', async () => {
    const email = `busy-${Date.now()}@example.com`;
    const ask = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/baskets',
        payload: { email, items: [{ product: scarf.id, qty: 1 }] },
        remoteAddress: freshAddress(),
      });
    for (let time = 0; time < 5; time += 1) expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(429);
  });

  it('empties the basket kept for a buyer once they order, on every device', async () => {
    const customer = await addUser(shop);
    await call('PUT', '/api/basket', customer.token, { items: [{ product: scarf.id, qty: 1 }] });
    const lines = [{ product: scarf.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines);
    const placed = await placeOrder(shop, customer.token, payment.id, lines);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await basketOf(customer)).items).toEqual([]);
  });

  it('forgets the basket of an account that closes', async () => {
    const customer = await addUser(shop);
    await call('PUT', '/api/basket', customer.token, { items: [{ product: scarf.id, qty: 1 }] });
    const closed = await call('DELETE', '/api/users/profile', customer.token, {
      password: customer.password,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const left = await shop.database.db
      .selectFrom('kept_baskets')
      .select('id')
      .where('user_id', '=', customer.id)
      .execute();
    expect(left).toEqual([]);
  });
});
