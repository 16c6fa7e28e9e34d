import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, type TestUser } from '../../support/account-fixtures';
import { addProduct } from '../../support/catalogue-fixtures';
import { openPayment, placeOrder } from '../../support/order-fixtures';
import { startTestShop, type TestShop } from '../../support/test-shop';

const TOKEN = 'a-metrics-token-long-enough';

/** The value of one sample in Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('GET /metrics', () => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await startTestShop('sqlite', { METRICS_TOKEN: TOKEN, PAYMENT_PROVIDER: 'test' });
    customer = await addUser(shop);
  });
  afterAll(async () => {
    await shop.close();
  });

  const scrape = async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('answers only the bearer of METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('shop_');
    }
    const response = await shop.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('times answers by route and status, and counts answers from memory', async () => {
    for (let time = 0; time < 3; time += 1) await shop.request('/api/products?keyword=cuff');
    await shop.request('/api/no-such-call');
    const text = await scrape();
    expect(
      sample(
        text,
        'shop_http_request_duration_seconds_count{method="GET",route="/api/products",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(
        text,
        'shop_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_answers_from_memory_total')).toBeGreaterThanOrEqual(2);
  });

  it('counts orders by outcome, payment provider calls, and mails', async () => {
    const product = await addProduct(shop.database, { name: 'Counted Bangle', countInStock: 5 });
    const lines = [{ product: product.id, qty: 1 }];
    const payment = await openPayment(shop, customer.token, lines);
    expect((await placeOrder(shop, customer.token, payment.id, lines)).statusCode).toBe(201);
    expect((await placeOrder(shop, customer.token, payment.id, lines)).statusCode).toBe(200);
    expect((await placeOrder(shop, customer.token, 'no-such-payment', lines)).statusCode).toBe(404);

    await vi.waitFor(async () => {
      const text = await scrape();
      expect(sample(text, 'shop_outcomes_total{kind="orders",outcome="placed"}')).toBe(1);
      expect(sample(text, 'shop_outcomes_total{kind="orders",outcome="again"}')).toBe(1);
      expect(sample(text, 'shop_outcomes_total{kind="orders",outcome="refused"}')).toBe(1);
      expect(sample(text, 'shop_payment_provider_calls_total{call="create",outcome="ok"}')).toBe(1);
      expect(
        sample(text, 'shop_payment_provider_calls_total{call="capture",outcome="ok"}'),
      ).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'shop_mails_total{event="queued"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'shop_mails_total{event="sent"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'shop_mails_waiting')).toBe(0);
    });
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const shop = await startTestShop('sqlite');
    const response = await shop.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    await shop.close();
  });
});
