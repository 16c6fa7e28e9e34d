import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../support/databases';
import { startTestShop, type TestShop } from '../../support/test-shop';

describe.each(testDialects())('the platform on %s', (dialect) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(dialect);
  });
  afterAll(() => shop.close());

  it('reports itself healthy while the database answers', async () => {
    const response = await shop.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API addresses with 404 JSON', async () => {
    for (const target of ['/api/nothing-here', '/api', '/api/products/x/y/z']) {
      const response = await shop.request(target);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('tells the checkout which payment provider to use', async () => {
    const response = await shop.request('/api/config/paypal');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      provider: 'test',
      clientId: '',
      currency: 'GBP',
      giftWrapPrice: 3.5,
      methods: { card: true, applePay: false, googlePay: false, payLaterMessages: false },
      sdkUrl: 'https://www.paypal.com/sdk/js',
      googlePaySdkUrl: 'https://pay.google.com/gp/p/js/pay.js',
      live: false,
    });
  });

  it('sends security headers with a content security policy', async () => {
    const response = await shop.request('/api/health');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain('script-src');
    expect(policy).toContain('https://www.paypal.com');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('publishes an OpenAPI document of its routes', async () => {
    const response = await shop.request('/api/docs/json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{id}',
        '/api/products/{id}/similar',
        '/api/subscribers',
        '/api/config/paypal',
        '/api/config/shop',
        '/api/orders/quote',
        '/api/orders/{id}/cancel',
        '/api/orders/{id}/return',
        '/api/orders/{id}/refunds',
        '/api/refunds/failed',
        '/api/health',
      ]),
    );
    // The error codes a client may switch on are listed where the error body is described.
    const text = JSON.stringify(document);
    for (const code of [
      'PAYMENT_CLOSED',
      'ORDER_NOT_CANCELLABLE',
      'EMAIL_TAKEN',
      'PRICE_CHANGED',
    ]) {
      expect(text).toContain(code);
    }
    const page = await shop.request('/api/docs');
    expect(page.status).toBeLessThan(400);
  });

  describe('bad requests', () => {
    /** The shop's whole answer to bytes sent as they are, with no client to tidy them first. */
    const sentRaw = (request: string) => {
      const { port } = new URL(shop.baseUrl);
      return new Promise<string>((resolve, reject) => {
        let received = '';
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
    };

    it.each(['/api/products/%E0%A4%A', '/product/%E0%A4%A'])(
      'answers an address that cannot be decoded, %s, in the shop shape',
      async (address) => {
        const response = await shop.request(address);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          message: 'That address is not valid',
          code: 'BAD_REQUEST',
        });
      },
    );

    it.each(['//', '///', '//:', '//example.com/ring', '/\\'])(
      'answers the address %j, which a URL parser would read as a host, with 404 JSON',
      async (address) => {
        const answer = await sentRaw(
          `GET ${address} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 404 Not Found/);
        expect(answer).toContain('"code":"NOT_FOUND"');
      },
    );

    it('answers a request that is not HTTP in the shop shape', async () => {
      const answer = await sentRaw(
        'POST /api/subscribers HTTP/1.1\r\nHost: shop\r\nContent-Length: lots\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request/);
      expect(answer).toContain('{"message":"That request could not be read","code":"BAD_REQUEST"}');
    });

    it('answers a body that is not JSON with 400 and no stack trace', async () => {
      const response = await shop.request('/api/subscribers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": ',
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
    });

    it('refuses a body over 1 MB with 413', async () => {
      const response = await shop.request('/api/subscribers', {
        method: 'POST',
        json: { email: 'big@example.com', padding: 'x'.repeat(1_100_000) },
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses __proto__ in a body', async () => {
      const response = await shop.request('/api/subscribers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"proto@example.com","__proto__":{"isAdmin":true}}',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });
  });
});
