import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';

/**
 * A local stand-in for PayPal's REST API (OAuth2 token and Orders v2), answering with PayPal's
 * statuses, shapes and issue codes, so that the shop's PayPal client and the orders API can be
 * tested without the sandbox. Start one per test file (or per test), point the client or
 * `PAYPAL_API_BASE` at `baseUrl`, and play the buyer with `approve(orderId)`.
 *
 * Like PayPal it checks the sums of an order, honours `PayPal-Request-Id` (the same key on the same
 * path replays the first successful answer with 200; failures are not kept, so they can be retried)
 * and `PayPal-Mock-Response` on create and capture. It is stricter than PayPal in one way: every
 * value must have exactly two decimals, because the shop always sends two.
 */
export interface PayPalStandIn {
  /** `http://127.0.0.1:<port>`, to use as the API base. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** What the buyer does in PayPal's window: the order goes CREATED → APPROVED. */
  approve(orderId: string, buyer?: { email?: string }): void;
  /** The orders made so far, by id. */
  orders: ReadonlyMap<string, Readonly<StandInOrder>>;
  /** The ids of the captures refunded so far, in order. */
  refunds: readonly string[];
  /** Every request received, token requests included, oldest first. */
  requests: readonly ReceivedRequest[];
  /** The next `count` API calls (not token requests) answer `status` (503) and do nothing. */
  failNext(count: number, status?: number): void;
  /** The order's capture completes for this amount, not the order's (to test the shop's checks). */
  captureAmountOverride(orderId: string, amount: { value: string; currency: string }): void;
  /** The order's capture comes back with status PENDING (held for review: not paid yet). */
  capturePending(orderId: string): void;
  /** Forgets every access token issued, so the next call with one gets 401. */
  expireTokens(): void;
  close(): Promise<void>;
}

/** An amount as PayPal writes it: `{ currency_code: 'GBP', value: '29.98' }`. */
export interface PayPalMoney {
  currency_code: string;
  value: string;
}

/** A capture as the stand-in keeps it, in PayPal's field names. */
export interface StandInCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'REFUNDED';
  amount: PayPalMoney;
  create_time: string;
  update_time: string;
}

/** An order as the stand-in keeps it. */
export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  /** The purchase unit exactly as the shop sent it. */
  purchaseUnit: PurchaseUnit;
  amount: PayPalMoney;
  payerEmail: string | undefined;
  captures: StandInCapture[];
  createTime: string;
}

/** One request as received; header names are lower case, the body parsed when it was JSON. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

interface Reply {
  status: number;
  body: unknown;
}

const moneySchema = z.looseObject({ currency_code: z.string(), value: z.string() });
const purchaseUnitSchema = z.looseObject({
  reference_id: z.string().max(256).optional(),
  custom_id: z.string().max(127).optional(),
  amount: moneySchema.extend({ breakdown: z.record(z.string(), moneySchema).optional() }),
  items: z
    .array(
      z.looseObject({
        name: z.string().min(1).max(127),
        quantity: z.string().regex(/^[1-9]\d{0,9}$/),
        unit_amount: moneySchema,
        category: z.enum(['PHYSICAL_GOODS', 'DIGITAL_GOODS', 'DONATION']).optional(),
      }),
    )
    .optional(),
});
type PurchaseUnit = z.infer<typeof purchaseUnitSchema>;
const createOrderSchema = z.object({
  intent: z.string(),
  purchase_units: z.array(purchaseUnitSchema).min(1),
});
const mockSchema = z.object({ mock_application_codes: z.string() });

const UNPROCESSABLE_MESSAGE =
  'The requested action could not be performed, semantically incorrect, or failed business validation.';
const DEFAULT_BUYER = 'buyer@personal.example.com';
const TOKEN_LIFE_SECONDS = 32_400;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const randomId = (length = 17) =>
  Array.from(randomBytes(length), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
const debugId = () => randomBytes(7).toString('hex').slice(0, 13);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** PayPal's error body: `{ name, message, details: [{ issue, description }], debug_id }`. */
function paypalError(status: number, name: string, issue: string, description: string): Reply {
  const message = status === 422 ? UNPROCESSABLE_MESSAGE : `${name}: ${description}`;
  return {
    status,
    body: { name, message, details: [{ issue, description }], debug_id: debugId(), links: [] },
  };
}

const unprocessable = (issue: string, description: string) =>
  paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);
const invalidRequest = (issue: string, description: string) =>
  paypalError(400, 'INVALID_REQUEST', issue, description);
const notFound = () =>
  paypalError(
    404,
    'RESOURCE_NOT_FOUND',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist.',
  );
const serverError = (status: number) =>
  status === 503
    ? paypalError(503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service is unavailable.')
    : paypalError(status, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error.');

/** `'29.98'` → 2998, for values already checked to have two decimals. */
const pence = (value: string) => Number(value.replace('.', ''));

/** The first thing wrong with the unit's amounts, as PayPal would answer it, or undefined. */
function amountProblem(unit: PurchaseUnit): Reply | undefined {
  const { breakdown = {} } = unit.amount;
  const amounts = [
    unit.amount,
    ...Object.values(breakdown),
    ...(unit.items ?? []).map((i) => i.unit_amount),
  ];
  const badValue = amounts.find(({ value }) => !/^\d{1,10}\.\d{2}$/.test(value));
  if (badValue) {
    return /^\d{1,10}(\.\d+)?$/.test(badValue.value)
      ? unprocessable('DECIMAL_PRECISION', `${badValue.value} must have two decimals.`)
      : invalidRequest('INVALID_PARAMETER_VALUE', `${badValue.value} is not an amount.`);
  }
  if (amounts.some(({ currency_code }) => currency_code !== unit.amount.currency_code))
    return unprocessable('CURRENCY_MISMATCH', 'All amounts must share one currency.');
  if (unit.amount.currency_code !== 'GBP')
    return unprocessable('CURRENCY_NOT_SUPPORTED', 'This merchant takes GBP only.');
  if (pence(unit.amount.value) <= 0)
    return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'The amount must be above zero.');
  return sumsProblem(unit);
}

/** PayPal's two sums: the items against item_total, and the breakdown against the value. */
function sumsProblem({ amount, items }: PurchaseUnit): Reply | undefined {
  const part = (name: string) => pence(amount.breakdown?.[name]?.value ?? '0.00');
  if (items?.length && amount.breakdown?.item_total === undefined)
    return unprocessable('ITEM_TOTAL_REQUIRED', 'Items need breakdown.item_total.');
  const itemsSum = (items ?? []).reduce(
    (sum, item) => sum + pence(item.unit_amount.value) * Number(item.quantity),
    0,
  );
  if (items?.length && itemsSum !== part('item_total'))
    return unprocessable('ITEM_TOTAL_MISMATCH', 'item_total must equal unit_amount x quantity.');
  if (!amount.breakdown) return undefined;
  const added = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'];
  const taken = ['shipping_discount', 'discount'];
  const expected =
    added.reduce((sum, name) => sum + part(name), 0) -
    taken.reduce((sum, name) => sum + part(name), 0);
  if (expected !== pence(amount.value))
    return unprocessable('AMOUNT_MISMATCH', 'The amount must equal the breakdown.');
  return undefined;
}

/** The `PayPal-Mock-Response` header's effect, as the sandbox honours it. */
function mockedReply(headers: Record<string, string>): Reply | undefined {
  const header = headers['paypal-mock-response'];
  if (header === undefined) return undefined;
  let code: string | undefined;
  try {
    code = mockSchema.safeParse(JSON.parse(header)).data?.mock_application_codes;
  } catch {
    return invalidRequest('INVALID_PARAMETER_VALUE', 'PayPal-Mock-Response is not JSON.');
  }
  if (code === 'INSTRUMENT_DECLINED')
    return unprocessable(code, 'The instrument presented was either declined or cannot be used.');
  if (code === 'TRANSACTION_REFUSED') return unprocessable(code, 'The request was refused.');
  if (code === 'INTERNAL_SERVER_ERROR') return serverError(500);
  return undefined;
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts a stand-in on a free port of 127.0.0.1. */
export async function startPayPalStandIn(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? 'stand-in-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
  const orders = new Map<string, StandInOrder>();
  const refunds: string[] = [];
  const requests: ReceivedRequest[] = [];
  const tokens = new Set<string>();
  const replays = new Map<string, Reply>();
  const amountOverrides = new Map<string, PayPalMoney>();
  const pendingCaptures = new Set<string>();
  const failures = { count: 0, status: 503 };
  let baseUrl = '';

  function issueToken(headers: Record<string, string>, form: string): Reply {
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (headers.authorization !== expected) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    const grant = new URLSearchParams(form).get('grant_type');
    if (
      !headers['content-type']?.startsWith('application/x-www-form-urlencoded') ||
      grant !== 'client_credentials'
    ) {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.add(accessToken);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: TOKEN_LIFE_SECONDS,
        nonce: `${now()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  function createOrder(body: unknown): Reply {
    const parsed = createOrderSchema.safeParse(body);
    if (!parsed.success) {
      const [first] = parsed.error.issues;
      const where = first?.path.join('.') ?? '';
      return first?.code === 'invalid_type' && first.input === undefined
        ? invalidRequest('MISSING_REQUIRED_PARAMETER', `${where} is required.`)
        : invalidRequest('INVALID_PARAMETER_VALUE', `${where} is not valid.`);
    }
    const { intent, purchase_units: units } = parsed.data;
    if (intent !== 'CAPTURE')
      return invalidRequest('INVALID_PARAMETER_VALUE', 'The stand-in takes intent CAPTURE only.');
    const [unit] = units;
    if (!unit || units.length > 1)
      return invalidRequest('INVALID_PARAMETER_VALUE', 'The stand-in takes one purchase unit.');
    const problem = amountProblem(unit);
    if (problem) return problem;
    const id = randomId();
    const { currency_code, value } = unit.amount;
    orders.set(id, {
      id,
      status: 'CREATED',
      purchaseUnit: unit,
      amount: { currency_code, value },
      payerEmail: undefined,
      captures: [],
      createTime: now(),
    });
    return { status: 201, body: { id, status: 'CREATED', links: orderLinks(id) } };
  }

  function orderLinks(id: string) {
    return [
      { href: `${baseUrl}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      { href: `${baseUrl}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
    ];
  }

  /** The order as GET and capture show it. */
  function orderView(order: StandInOrder) {
    const { reference_id, custom_id, amount, items } = order.purchaseUnit;
    const captures = order.captures.map((capture) => ({
      ...capture,
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE' },
    }));
    const email = order.payerEmail;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(email === undefined
        ? {}
        : {
            payment_source: { paypal: { email_address: email, account_id: 'QYR5Z8XDVJNXQ' } },
            payer: { email_address: email, payer_id: 'QYR5Z8XDVJNXQ', name: { given_name: 'Sam' } },
          }),
      purchase_units: [
        {
          reference_id,
          custom_id,
          amount,
          items,
          ...(captures.length === 0 ? {} : { payments: { captures } }),
        },
      ],
      create_time: order.createTime,
      links: orderLinks(order.id).slice(0, 1),
    };
  }

  function captureOrder(order: StandInOrder | undefined): Reply {
    if (!order) return notFound();
    if (order.status === 'CREATED')
      return unprocessable(
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    if (order.status === 'COMPLETED')
      return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
    const time = now();
    order.captures.push({
      id: randomId(),
      status: pendingCaptures.has(order.id) ? 'PENDING' : 'COMPLETED',
      amount: amountOverrides.get(order.id) ?? order.amount,
      create_time: time,
      update_time: time,
    });
    order.status = 'COMPLETED';
    return { status: 201, body: orderView(order) };
  }

  function refundCapture(captureId: string): Reply {
    const capture = [...orders.values()]
      .flatMap((order) => order.captures)
      .find((candidate) => candidate.id === captureId);
    if (!capture) return notFound();
    if (capture.status === 'REFUNDED')
      return unprocessable(
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded.',
      );
    capture.status = 'REFUNDED';
    capture.update_time = now();
    refunds.push(captureId);
    const id = randomId();
    const self = { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' };
    return { status: 201, body: { id, status: 'COMPLETED', links: [self] } };
  }

  /** Orders v2 and Payments v2, once the caller's token and body are known to be good. */
  function route(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ): Reply {
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && path === '/v2/checkout/orders')
      return mockedReply(headers) ?? createOrder(body);
    if (method === 'POST' && orderPath?.[2])
      return mockedReply(headers) ?? captureOrder(orders.get(orderPath[1] ?? ''));
    if (method === 'GET' && orderPath && !orderPath[2]) {
      const order = orders.get(orderPath[1] ?? '');
      return order ? { status: 200, body: orderView(order) } : notFound();
    }
    if (method === 'POST' && refundPath) return refundCapture(refundPath[1] ?? '');
    return paypalError(404, 'NOT_FOUND', 'INVALID_URI', `${method} ${path} is not served here.`);
  }

  /** What PayPal checks before an API call does anything: failures, the token, the body. */
  function answerApi(
    method: string,
    path: string,
    headers: Record<string, string>,
    text: string,
  ): Reply {
    if (failures.count > 0) {
      failures.count--;
      return serverError(failures.status);
    }
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (token === undefined || !tokens.has(token)) {
      return paypalError(
        401,
        'AUTHENTICATION_FAILURE',
        'INVALID_ACCESS_TOKEN',
        'The access token is missing, wrong or expired.',
      );
    }
    if (method !== 'POST') return route(method, path, headers, undefined);
    if (text !== '' && !headers['content-type']?.startsWith('application/json'))
      return paypalError(415, 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON.');
    const body = parseJson(text);
    if (typeof body === 'string')
      return invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    const requestId = headers['paypal-request-id'];
    if (requestId === undefined) return route(method, path, headers, body);
    if (requestId.length > 108)
      return invalidRequest('INVALID_PARAMETER_VALUE', 'PayPal-Request-Id is too long.');
    const replayKey = `${path} ${requestId}`;
    const first = replays.get(replayKey);
    if (first) return { status: 200, body: first.body };
    const reply = route(method, path, headers, body);
    if (reply.status < 300) replays.set(replayKey, reply);
    return reply;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const text = await readText(request);
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const headers = flatHeaders(request);
    requests.push({ method, path, headers, body: parseJson(text) });
    const reply =
      method === 'POST' && path === '/v1/oauth2/token'
        ? issueToken(headers, text)
        : answerApi(method, path, headers, text);
    const bodyDebugId = z.object({ debug_id: z.string() }).safeParse(reply.body).data?.debug_id;
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'paypal-debug-id': bodyDebugId ?? debugId(),
    });
    response.end(JSON.stringify(reply.body));
  }

  function orderFor(orderId: string): StandInOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the stand-in has no order ${orderId}`);
    return order;
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    clientId,
    clientSecret,
    approve(orderId, buyer = {}) {
      const order = orderFor(orderId);
      if (order.status !== 'CREATED') throw new Error(`order ${orderId} is ${order.status}`);
      order.status = 'APPROVED';
      order.payerEmail = buyer.email ?? DEFAULT_BUYER;
    },
    orders,
    refunds,
    requests,
    failNext(count, status = 503) {
      failures.count = count;
      failures.status = status;
    },
    captureAmountOverride(orderId, { value, currency }) {
      amountOverrides.set(orderFor(orderId).id, { currency_code: currency, value });
    },
    capturePending(orderId) {
      pendingCaptures.add(orderFor(orderId).id);
    },
    expireTokens() {
      tokens.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
