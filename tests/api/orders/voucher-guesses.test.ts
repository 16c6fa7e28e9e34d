import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, bearer, freshAddress, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { ADDRESS, addVoucher, type Lines } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const LIMIT = 30;

describe('voucher codes cannot be found by trying them', () => {
  let shop: TestShop;
  let lines: Lines;

  beforeAll(async () => {
    shop = await startTestShop('sqlite');
    await addVoucher(shop.database, { code: 'SECRET25', discountPence: 2500 });
    const product = await addProduct(shop.database, { pricePence: 4000, countInStock: 100 });
    lines = [{ product: product.id, qty: 1 }];
  });
  afterAll(() => shop.close());

  const quote = (voucher: string, address: string, token?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { orderItems: lines, voucher },
      headers: token ? bearer(token) : {},
      remoteAddress: address,
    });
  const pay = (voucher: string, address: string, customer: TestUser) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/payments',
      payload: { orderItems: lines, shippingAddress: ADDRESS, voucher },
      headers: bearer(customer.token),
      remoteAddress: address,
    });

  it(`refuses a guest's quotes after ${LIMIT} unknown codes, the real one too`, async () => {
    const address = freshAddress();
    for (let guess = 0; guess < LIMIT; guess += 1) {
      const answer = await quote(`GUESS${guess}`, address);
      expect(answer.statusCode, `guess ${guess + 1}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'VOUCHER_NOT_FOUND' });
    }
    const real = await quote('SECRET25', address);
    expect(real.statusCode).toBe(429);
    expect(real.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(real.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back, and a quote without a code still prices.
    expect((await quote('SECRET25', freshAddress())).json()).toMatchObject({ voucherDiscount: 25 });
    const plain = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { orderItems: lines },
      remoteAddress: address,
    });
    expect(plain.statusCode).toBe(200);
  });

  it('counts only codes that do not exist: a real code may be priced again and again', async () => {
    const address = freshAddress();
    for (let again = 0; again < LIMIT + 5; again += 1) {
      expect((await quote('secret25', address)).statusCode, `quote ${again + 1}`).toBe(200);
    }
    expect((await quote('NOPE', address)).statusCode).toBe(404);
  });

  it("counts a customer's unknown codes across addresses and across the quote and payment", async () => {
    const guesser = await addUser(shop);
    for (let guess = 0; guess < LIMIT; guess += 1) {
      const answer =
        guess % 2 === 0
          ? await quote(`TRY${guess}`, freshAddress(), guesser.token)
          : await pay(`TRY${guess}`, freshAddress(), guesser);
      expect(answer.statusCode, `guess ${guess + 1}`).toBe(404);
    }
    expect((await pay('SECRET25', freshAddress(), guesser)).statusCode).toBe(429);
    expect((await quote('SECRET25', freshAddress(), guesser.token)).statusCode).toBe(429);
    const looked = await shop.app.inject({
      method: 'GET',
      url: '/api/vouchers/code/SECRET25',
      headers: bearer(guesser.token),
      remoteAddress: freshAddress(),
    });
    expect(looked.statusCode).toBe(429);
  });
});
