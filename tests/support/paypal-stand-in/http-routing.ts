import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import {
  invalidRequest,
  notFound,
  paypalError,
  serverError,
  unprocessable,
  type Reply,
} from './error-replies';
import { debugId } from './ids-and-times';
import { issueToken } from './oauth-token';
import { captureOrder, createOrder, orderView, refundCapture } from './order-store';
import { approveWith, confirmPaymentSource } from './payment-sources';
import type { StandInState } from './stand-in-state';

const REFUND_PATH = /^\/v2\/payments\/captures\/[^/]+\/refund$/;

const mockSchema = z.object({ mock_application_codes: z.string() });

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

/** Orders v2 and Payments v2, once the caller's token and body are known to be good. */
function route(
  state: StandInState,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Reply {
  const { orders } = state;
  const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
  const confirmPath = /^\/v2\/checkout\/orders\/([^/]+)\/confirm-payment-source$/.exec(path);
  if (method === 'POST' && confirmPath)
    return confirmPaymentSource(orders.get(confirmPath[1] ?? ''), body);
  const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
  if (method === 'POST' && path === '/v2/checkout/orders')
    return mockedReply(headers) ?? createOrder(state, body);
  if (method === 'POST' && orderPath?.[2])
    return mockedReply(headers) ?? captureOrder(state, orders.get(orderPath[1] ?? ''));
  if (method === 'GET' && orderPath && !orderPath[2]) {
    const order = orders.get(orderPath[1] ?? '');
    return order ? { status: 200, body: orderView(state, order) } : notFound();
  }
  if (method === 'POST' && refundPath) return refundCapture(state, refundPath[1] ?? '', body);
  return paypalError(404, 'NOT_FOUND', 'INVALID_URI', `${method} ${path} is not served here.`);
}

/** What PayPal checks before an API call does anything: failures, the token, the body. */
function answerApi(
  state: StandInState,
  method: string,
  path: string,
  headers: Record<string, string>,
  text: string,
): Reply {
  const { failures, tokens, replays } = state;
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
  if (method !== 'POST') return route(state, method, path, headers, undefined);
  if (text !== '' && !headers['content-type']?.startsWith('application/json'))
    return paypalError(415, 'UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON.');
  const body = parseJson(text);
  if (typeof body === 'string')
    return invalidRequest('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  const requestId = headers['paypal-request-id'];
  if (requestId === undefined) return route(state, method, path, headers, body);
  if (requestId.length > 108)
    return invalidRequest('INVALID_PARAMETER_VALUE', 'PayPal-Request-Id is too long.');
  const replayKey = `${path} ${requestId}`;
  const first = replays.get(replayKey);
  if (first) return { status: 200, body: first.body };
  const reply = route(state, method, path, headers, body);
  if (reply.status < 300) replays.set(replayKey, reply);
  return reply;
}

/** Keeps a refund request waiting as the test asked; a refusal when it is to be refused. */
async function holdRefund(state: StandInState): Promise<Reply | undefined> {
  if (state.refundDelay.ms > 0) {
    await new Promise((resolve) => setTimeout(resolve, state.refundDelay.ms));
  }
  const hold = state.heldRefund;
  if (!hold) return undefined;
  state.heldRefund = undefined;
  hold.arrive();
  if ((await hold.released) === 'pass') return undefined;
  return unprocessable('REFUND_NOT_ALLOWED', 'Refund is not allowed for this capture.');
}

/** Lets the shop's pages, on another origin, call what PayPal's script calls in the browser. */
const OPEN_TO_PAGES = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-methods': 'GET, POST',
};

/**
 * What PayPal's JS SDK does from the buyer's browser, answered here for the stand-in's own script
 * (`/sdk/js`, see browser-sdk.ts): approve an order in "PayPal's window", or confirm a card or
 * wallet for it. Undefined for any other path.
 */
function answerBrowser(
  state: StandInState,
  method: string,
  path: string,
  text: string,
): Reply | undefined {
  const sdkPath = /^\/sdk\/orders\/([^/]+)\/(approve|confirm-payment-source)$/.exec(path);
  if (!sdkPath || method !== 'POST') return undefined;
  const order = state.orders.get(sdkPath[1] ?? '');
  if (!order) return notFound();
  if (sdkPath[2] === 'confirm-payment-source') return confirmPaymentSource(order, parseJson(text));
  if (order.status !== 'CREATED')
    return unprocessable('ORDER_ALREADY_APPROVED', `The order is ${order.status}.`);
  order.payerEmail = 'buyer@personal.example.com';
  approveWith(order, { kind: 'paypal', email: order.payerEmail });
  return { status: 200, body: { id: order.id, status: order.status } };
}

/** Answers one request to the stand-in, as PayPal would, and remembers it. */
export async function handle(
  state: StandInState,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const { requests } = state;
  const text = await readText(request);
  const method = request.method ?? 'GET';
  const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
  const headers = flatHeaders(request);
  requests.push({ method, path, headers, body: parseJson(text) });
  const script = state.scripts[path];
  if (method === 'GET' && script !== undefined) {
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...OPEN_TO_PAGES });
    response.end(script);
    return;
  }
  if (method === 'OPTIONS' && path.startsWith('/sdk/')) {
    response.writeHead(204, OPEN_TO_PAGES).end();
    return;
  }
  const fromPage = answerBrowser(state, method, path, text);
  if (fromPage) {
    response.writeHead(fromPage.status, { 'content-type': 'application/json', ...OPEN_TO_PAGES });
    response.end(JSON.stringify(fromPage.body));
    return;
  }
  const refusal = method === 'POST' && REFUND_PATH.test(path) ? await holdRefund(state) : undefined;
  const reply =
    refusal ??
    (method === 'POST' && path === '/v1/oauth2/token'
      ? issueToken(state, headers, text)
      : answerApi(state, method, path, headers, text));
  const hold = state.beforeCaptureAnswer;
  if (hold && reply.status === 201 && /\/capture$/.test(path)) {
    state.beforeCaptureAnswer = undefined;
    await hold();
  }
  const bodyDebugId = z.object({ debug_id: z.string() }).safeParse(reply.body).data?.debug_id;
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    'paypal-debug-id': bodyDebugId ?? debugId(),
  });
  response.end(JSON.stringify(reply.body));
}
