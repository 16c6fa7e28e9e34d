import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { PaymentFailed, type PaymentRequest } from '../../../src/server/payments/payment-provider';
import {
  payPalValueToPence,
  penceToPayPalValue,
} from '../../../src/server/payments/paypal-amounts';
import {
  createPayPalClient,
  type PayPalClientOptions,
} from '../../../src/server/payments/paypal-client';
import { startPayPalStandIn, type PayPalStandIn } from '../../support/paypal-stand-in';

const DECLINED = 'Your payment was declined. Please try another card or PayPal account.';
const NOT_APPROVED =
  'The payment has not been approved yet. Please approve it in the PayPal window and try again.';
const UNAVAILABLE =
  'PayPal is not answering just now. Please try again in a moment; you will never be charged twice.';
const NOT_FOUND = 'That payment could not be found.';

interface LogEntry {
  level: 'warn' | 'error';
  details: unknown;
  message: string | undefined;
}

const loggedDebugId = z.object({ debugId: z.string().regex(/^[0-9a-f]{13}$/) });

/** The PayPal debug ids logged at a level: the ones support would quote to PayPal. */
const debugIdsIn = (entries: LogEntry[], level: LogEntry['level']) =>
  entries
    .filter((entry) => entry.level === level)
    .flatMap((entry) => loggedDebugId.safeParse(entry.details).data?.debugId ?? []);

/** Two pendants at £14.99, £4.99 postage, £5.00 off: £29.97. */
const pendants = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
  reference: `pay-${randomBytes(6).toString('hex')}`,
  itemsPence: 2998,
  shippingPence: 499,
  discountPence: 500,
  totalPence: 2997,
  items: [{ name: 'Silver moon pendant', qty: 2, unitPence: 1499 }],
  method: 'paypal',
  threeDS: 'when-required',
  ...overrides,
});

/** What the client threw, when it was a PaymentFailed. */
async function failureOf(promise: Promise<unknown>): Promise<PaymentFailed> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentFailed) return error;
    throw error;
  }
  throw new Error('expected a PaymentFailed');
}

describe('amounts in PayPal’s notation', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [5999, '59.99'],
    [100_000, '1000.00'],
  ])('writes %i pence as %s, and reads it back', (pence, value) => {
    expect(penceToPayPalValue(pence)).toBe(value);
    expect(payPalValueToPence(value)).toBe(pence);
  });

  it('reads values with fewer decimals, and refuses more or anything else', () => {
    expect(payPalValueToPence('30')).toBe(3000);
    expect(payPalValueToPence('0.5')).toBe(50);
    for (const value of ['29.975', '-1.00', '1e3', '', ' 1.00', '1,000.00'])
      expect(payPalValueToPence(value)).toBeUndefined();
  });

  it('refuses to write what is not a whole number of pence', () => {
    for (const pence of [-1, 0.5, Number.NaN]) expect(() => penceToPayPalValue(pence)).toThrow();
  });
});

describe('the PayPal client, against the PayPal stand-in', () => {
  let standIn: PayPalStandIn;
  let logged: LogEntry[];

  beforeEach(async () => {
    standIn = await startPayPalStandIn();
    logged = [];
  });
  afterEach(() => standIn.close());

  function clientWith(options: Partial<PayPalClientOptions> = {}) {
    const record = (level: LogEntry['level']) => (details: unknown, message?: string) => {
      logged.push({ level, details, message });
    };
    return createPayPalClient({
      apiBase: standIn.baseUrl,
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      log: { warn: record('warn'), error: record('error') },
      retryDelaysMs: [1, 1],
      ...options,
    });
  }

  const received = (method: string, path: string) =>
    standIn.requests.filter((request) => request.method === method && request.path === path);
  const tokenRequests = () => received('POST', '/v1/oauth2/token');
  const captureRequests = (orderId: string) =>
    received('POST', `/v2/checkout/orders/${orderId}/capture`);
  const storedOrder = (orderId: string) => {
    const order = standIn.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  };

  async function approvedOrder(client = clientWith(), request = pendants()) {
    const { id } = await client.createPayment(request);
    standIn.approve(id, { email: 'sam@example.com' });
    return id;
  }

  /** Captures as another server would, under a request id the client does not use. */
  async function captureElsewhere(orderId: string) {
    const basic = Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64');
    const tokenResponse = await fetch(`${standIn.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const { access_token } = z
      .object({ access_token: z.string() })
      .parse(await tokenResponse.json());
    const capture = await fetch(`${standIn.baseUrl}/v2/checkout/orders/${orderId}/capture`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${access_token}`,
        'Content-Type': 'application/json',
        'PayPal-Request-Id': 'another-server',
      },
      body: '{}',
    });
    expect(capture.status).toBe(201);
  }

  describe('signing in', () => {
    it('fetches one token with Basic auth and a form body, then reuses it', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      const { captureId, amountPence } = await client.capturePayment(orderId);
      await client.refundCapture(captureId, { amountPence, requestId: `refund-${captureId}` });

      const [tokenRequest, ...more] = tokenRequests();
      expect(more).toEqual([]);
      const basic = Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64');
      expect(tokenRequest?.headers.authorization).toBe(`Basic ${basic}`);
      expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(tokenRequest?.body).toBe('grant_type=client_credentials');
      const bearers = new Set(
        standIn.requests
          .filter((r) => r.path.startsWith('/v2/'))
          .map((r) => r.headers.authorization),
      );
      expect(bearers.size).toBe(1);
      expect([...bearers][0]).toMatch(/^Bearer A21AA/);
    });

    it('fetches a new token once after a 401 and repeats the call under the same key', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      standIn.expireTokens();

      const capture = await client.capturePayment(orderId);

      expect(capture.captureStatus).toBe('COMPLETED');
      expect(tokenRequests()).toHaveLength(2);
      const [refused, repeated] = captureRequests(orderId);
      expect(refused?.headers['paypal-request-id']).toBe(`capture-${orderId}`);
      expect(repeated?.headers['paypal-request-id']).toBe(`capture-${orderId}`);
      expect(repeated?.headers.authorization).not.toBe(refused?.headers.authorization);
      expect(storedOrder(orderId).captures).toHaveLength(1);
    });

    it('refuses with plain words, and logs, when PayPal refuses the credentials', async () => {
      const client = clientWith({ clientSecret: 'not-the-secret' });

      const failure = await failureOf(client.createPayment(pendants()));

      expect(failure.issue).toBe('INVALID_CLIENT');
      expect(failure.canRetry).toBe(false);
      expect(failure.message).toMatch(
        /^Payments cannot be taken just now\. No money has been taken/,
      );
      expect(received('POST', '/v2/checkout/orders')).toEqual([]);
      expect(logged.map((entry) => entry.level)).toEqual(['error']);
    });
  });

  describe('creating a payment', () => {
    it('sends the exact order: GBP, two-decimal strings, string quantities', async () => {
      const request = pendants();

      const { id } = await clientWith().createPayment(request);

      expect(id).toMatch(/^[A-Z0-9]{17}$/);
      const [sent, ...more] = received('POST', '/v2/checkout/orders');
      expect(more).toEqual([]);
      expect(sent?.headers['paypal-request-id']).toBe(`create-${request.reference}`);
      expect(sent?.headers['content-type']).toBe('application/json');
      const gbp = (value: string) => ({ currency_code: 'GBP', value });
      expect(sent?.body).toEqual({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reference,
            custom_id: request.reference,
            amount: {
              ...gbp('29.97'),
              breakdown: { item_total: gbp('29.98'), shipping: gbp('4.99'), discount: gbp('5.00') },
            },
            items: [
              {
                name: 'Silver moon pendant',
                quantity: '2',
                unit_amount: gbp('14.99'),
                category: 'PHYSICAL_GOODS',
              },
            ],
          },
        ],
      });
      expect(storedOrder(id).status).toBe('CREATED');
    });

    it('replays the first order when the same reference is sent again', async () => {
      const client = clientWith();
      const request = pendants();

      const first = await client.createPayment(request);
      const again = await client.createPayment(request);

      expect(again.id).toBe(first.id);
      expect(standIn.orders.size).toBe(1);
      expect(received('POST', '/v2/checkout/orders')).toHaveLength(2);
    });

    it('cuts item names to the 127 characters PayPal takes', async () => {
      const name = `${'Hand-knitted Aran jumper, '.repeat(6)}in cream`;
      const request = pendants({ items: [{ name, qty: 2, unitPence: 1499 }] });

      const { id } = await clientWith().createPayment(request);

      expect(storedOrder(id).purchaseUnit.items?.[0]?.name).toBe(name.slice(0, 127));
    });

    it.each([
      ['AMOUNT_MISMATCH', { totalPence: 2998 }],
      ['ITEM_TOTAL_MISMATCH', { itemsPence: 2999, totalPence: 2998 }],
      [
        'CANNOT_BE_ZERO_OR_NEGATIVE',
        { items: [], itemsPence: 0, shippingPence: 0, discountPence: 0, totalPence: 0 },
      ],
    ])('passes on PayPal refusing %s, without PayPal’s words', async (issue, overrides) => {
      const failure = await failureOf(clientWith().createPayment(pendants(overrides)));

      expect(failure.issue).toBe(issue);
      expect(failure.canRetry).toBe(false);
      expect(failure.message).not.toMatch(/semantically|business validation/);
      expect(debugIdsIn(logged, 'error')).toHaveLength(1);
      expect(standIn.orders.size).toBe(0);
    });

    it.each([
      [10, '0.10'],
      [100_000, '1000.00'],
      [5999, '59.99'],
      [1, '0.01'],
    ])('carries %i pence to PayPal as %s and back exactly', async (pence, value) => {
      const client = clientWith();
      const request = pendants({
        itemsPence: pence,
        shippingPence: 0,
        discountPence: 0,
        totalPence: pence,
        items: [{ name: 'Gift card', qty: 1, unitPence: pence }],
      });

      const orderId = await approvedOrder(client, request);
      const capture = await client.capturePayment(orderId);

      expect(storedOrder(orderId).amount).toEqual({ currency_code: 'GBP', value });
      expect(capture.amountPence).toBe(pence);
    });
  });

  describe('capturing a payment', () => {
    it('maps an approved order’s capture to what the shop checks', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);

      const capture = await client.capturePayment(orderId);

      const [stored] = storedOrder(orderId).captures;
      expect(capture).toEqual({
        orderStatus: 'COMPLETED',
        captureId: stored?.id,
        captureStatus: 'COMPLETED',
        currency: 'GBP',
        amountPence: 2997,
        payerEmail: 'sam@example.com',
        updateTime: stored?.update_time,
        // Paid from a PayPal account, as the stand-in's approval is.
        source: { method: 'paypal', brand: null, last4: null, authentication: undefined },
      });
      expect(capture.updateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const [sent] = captureRequests(orderId);
      expect(sent?.headers['paypal-request-id']).toBe(`capture-${orderId}`);
      expect(sent?.body).toEqual({});
    });

    it('reports a pending capture, or one for another amount, as PayPal gives it', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      standIn.capturePending(orderId);
      standIn.captureAmountOverride(orderId, { value: '10.00', currency: 'USD' });

      const capture = await client.capturePayment(orderId);

      expect(capture).toMatchObject({
        orderStatus: 'COMPLETED',
        captureStatus: 'PENDING',
        currency: 'USD',
        amountPence: 1000,
      });
    });

    it('refuses a captured amount with more than two decimals', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      standIn.captureAmountOverride(orderId, { value: '29.975', currency: 'GBP' });

      const failure = await failureOf(client.capturePayment(orderId));

      expect(failure.issue).toBe('CAPTURE_MISSING');
      expect(logged.filter((entry) => entry.level === 'error')).toHaveLength(1);
    });

    it('refuses an order the buyer has not approved', async () => {
      const client = clientWith();
      const { id } = await client.createPayment(pendants());

      const failure = await failureOf(client.capturePayment(id));

      expect(failure).toMatchObject({ message: NOT_APPROVED, issue: 'ORDER_NOT_APPROVED' });
      expect(failure.canRetry).toBe(false);
      expect(storedOrder(id).status).toBe('CREATED');
      expect(debugIdsIn(logged, 'error')).toHaveLength(1);
    });

    it.each(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED'])(
      'turns %s into plain words the shopper can act on',
      async (code) => {
        const orderId = await approvedOrder();
        const declining = clientWith({
          extraHeaders: {
            'PayPal-Mock-Response': JSON.stringify({ mock_application_codes: code }),
          },
        });

        const failure = await failureOf(declining.capturePayment(orderId));

        expect(failure).toMatchObject({ message: DECLINED, issue: code, canRetry: true });
        expect(storedOrder(orderId).status).toBe('APPROVED');
        expect(debugIdsIn(logged, 'warn')).toHaveLength(1);
      },
    );

    it('replays the first capture when asked twice, and never captures twice', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);

      const first = await client.capturePayment(orderId);
      const again = await client.capturePayment(orderId);

      expect(again).toEqual(first);
      expect(storedOrder(orderId).captures).toHaveLength(1);
      const requestIds = captureRequests(orderId).map((r) => r.headers['paypal-request-id']);
      expect(requestIds).toEqual([`capture-${orderId}`, `capture-${orderId}`]);
    });

    it('reads back an order captured under another request id instead of failing', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      await captureElsewhere(orderId);

      const capture = await client.capturePayment(orderId);

      expect(capture.captureId).toBe(storedOrder(orderId).captures[0]?.id);
      expect(capture.amountPence).toBe(2997);
      expect(storedOrder(orderId).captures).toHaveLength(1);
      expect(received('GET', `/v2/checkout/orders/${orderId}`)).toHaveLength(1);
    });

    it('does not say no money was taken when it cannot read back an earlier capture', async () => {
      const noReading: typeof fetch = (input, init) =>
        init?.method === 'GET' ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
      const client = clientWith({ fetch: noReading });
      const orderId = await approvedOrder(client);
      await captureElsewhere(orderId);

      const failure = await failureOf(client.capturePayment(orderId));

      expect(failure).toMatchObject({ issue: 'UNAVAILABLE', canRetry: true });
      expect(failure.message).toMatch(/^Your payment was taken, but PayPal is not answering/);
    });

    it('finds no order PayPal does not know, and does not ask about a non-id', async () => {
      const client = clientWith();

      const unknown = await failureOf(client.capturePayment('0ABCDEFGHIJKLMNOP'));
      const notAnId = await failureOf(client.capturePayment('../v1/oauth2/token'));

      expect(unknown).toMatchObject({ message: NOT_FOUND, issue: 'INVALID_RESOURCE_ID' });
      expect(notAnId).toMatchObject({ message: NOT_FOUND, issue: 'INVALID_RESOURCE_ID' });
      expect(standIn.requests.map((r) => r.path)).toEqual([
        '/v1/oauth2/token',
        '/v2/checkout/orders/0ABCDEFGHIJKLMNOP/capture',
      ]);
    });
  });

  describe('when PayPal fails', () => {
    it('retries a 5xx with the same PayPal-Request-Id and captures once', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      standIn.failNext(2);

      const capture = await client.capturePayment(orderId);

      expect(capture.captureStatus).toBe('COMPLETED');
      expect(storedOrder(orderId).captures).toHaveLength(1);
      const requestIds = captureRequests(orderId).map((r) => r.headers['paypal-request-id']);
      expect(requestIds).toEqual(Array(3).fill(`capture-${orderId}`));
      expect(logged.map((entry) => entry.level)).toEqual(['warn', 'warn']);
    });

    it('gives up after three tries, saying no money was taken', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      standIn.failNext(10, 500);

      const failure = await failureOf(client.capturePayment(orderId));

      expect(failure).toMatchObject({ message: UNAVAILABLE, issue: 'UNAVAILABLE', canRetry: true });
      expect(captureRequests(orderId)).toHaveLength(3);
      expect(storedOrder(orderId).status).toBe('APPROVED');
      expect(logged.map((entry) => entry.level)).toEqual(['warn', 'warn', 'error']);
    });

    it('retries a mocked INTERNAL_SERVER_ERROR on create, then gives up', async () => {
      const client = clientWith({
        extraHeaders: {
          'PayPal-Mock-Response': JSON.stringify({
            mock_application_codes: 'INTERNAL_SERVER_ERROR',
          }),
        },
      });

      const failure = await failureOf(client.createPayment(pendants()));

      expect(failure.issue).toBe('UNAVAILABLE');
      expect(received('POST', '/v2/checkout/orders')).toHaveLength(3);
      expect(standIn.orders.size).toBe(0);
    });

    it('retries when the answer to a capture is lost, and gets the same capture back', async () => {
      let lostAnswers = 1;
      const losingFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const url = input instanceof Request ? input.url : input.toString();
        if (url.endsWith('/capture') && lostAnswers-- > 0) {
          await response.arrayBuffer();
          throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
        }
        return response;
      };
      const client = clientWith({ fetch: losingFetch });
      const orderId = await approvedOrder(client);

      const capture = await client.capturePayment(orderId);

      expect(storedOrder(orderId).captures.map((c) => c.id)).toEqual([capture.captureId]);
      expect(captureRequests(orderId)).toHaveLength(2);
    });

    it('gives each try a time limit', async () => {
      const hangingFetch: typeof fetch = (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('timed out')));
        });
      const client = clientWith({ fetch: hangingFetch, timeoutMs: 20 });

      const failure = await failureOf(client.createPayment(pendants()));

      expect(failure.issue).toBe('UNAVAILABLE');
      expect(logged.map((entry) => entry.level)).toEqual(['warn', 'warn', 'error']);
    });
  });

  describe('refunding', () => {
    it('refunds the whole capture once, and a repeat with the same request id is harmless', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      const { captureId, amountPence } = await client.capturePayment(orderId);

      await client.refundCapture(captureId, { amountPence, requestId: 'refund-one' });
      await client.refundCapture(captureId, { amountPence, requestId: 'refund-one' });

      expect(standIn.refunds).toEqual([captureId]);
      const sent = received('POST', `/v2/payments/captures/${captureId}/refund`);
      expect(sent.map((r) => r.headers['paypal-request-id'])).toEqual(['refund-one', 'refund-one']);
      expect(sent[0]?.body).toEqual({
        amount: { currency_code: 'GBP', value: penceToPayPalValue(amountPence) },
      });
    });

    it('refunds part of a capture, then the rest, and refuses more than was paid', async () => {
      const client = clientWith();
      const orderId = await approvedOrder(client);
      const { captureId, amountPence } = await client.capturePayment(orderId);

      await client.refundCapture(captureId, { amountPence: 500, requestId: 'part-1' });
      const tooMuch = await failureOf(
        client.refundCapture(captureId, { amountPence, requestId: 'part-2' }),
      );
      await client.refundCapture(captureId, {
        amountPence: amountPence - 500,
        requestId: 'part-3',
      });

      expect(tooMuch.issue).toBe('REFUND_AMOUNT_EXCEEDED');
      expect(standIn.refundedPence(captureId)).toBe(amountPence);
      expect(standIn.refunds).toEqual([captureId, captureId]);
    });
  });
});
