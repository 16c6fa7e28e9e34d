import type { FastifyBaseLogger } from 'fastify';
import * as z from 'zod';
import type { Pence } from '../../shared/money';
import {
  PaymentFailed,
  type Capture,
  type PaymentProvider,
  type PaymentRequest,
} from './payment-provider';

/** How the shop reaches PayPal's Orders v2 REST API. */
export interface PayPalClientOptions {
  /** PayPal's sandbox or live REST base, or a stand-in's; no `/` at the end. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long one try may take; 10 s unless told. */
  timeoutMs?: number;
  /** The waits before each further try after a 5xx or a network failure; 200 ms, then 500 ms. */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
  /** Sent with every API call; tests use it for PayPal's `PayPal-Mock-Response`. */
  extraHeaders?: Record<string, string>;
}

const MESSAGES = {
  declined: 'Your payment was declined. Please try another card or PayPal account.',
  notApproved:
    'The payment has not been approved yet. Please approve it in the PayPal window and try again.',
  payerAction:
    'PayPal needs you to finish a step in its window first. Please complete it and try again.',
  notFound: 'That payment could not be found.',
  unavailable:
    'PayPal is not answering just now. Please try again in a moment; you will never be charged twice.',
  notConnected:
    'Payments cannot be taken just now. No money has been taken; please try again later.',
  refused: 'The payment could not be completed. Please try again or choose another way to pay.',
  unexpected:
    'PayPal answered in a way we did not expect. No money has been taken; please try again.',
  unconfirmed:
    'We could not confirm the payment with PayPal. Please contact us before trying again.',
  takenUnconfirmed:
    'Your payment was taken, but PayPal is not answering to confirm it. Please try again in a moment.',
} as const;

const PROVIDER_ID = /^[A-Z0-9-]{1,64}$/;
const PAYPAL_VALUE = /^(\d+)(?:\.(\d{1,2}))?$/;
const ITEM_NAME_LIMIT = 127;

/** `2998` → `'29.98'`, exactly: no floating point on the way. */
export function penceToPayPalValue(pence: Pence): string {
  if (!Number.isSafeInteger(pence) || pence < 0)
    throw new Error(`not an amount in pence: ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** `'29.98'` → `2998`, read as text; undefined for anything else, such as three decimals. */
export function payPalValueToPence(value: string): Pence | undefined {
  const match = PAYPAL_VALUE.exec(value);
  if (!match) return undefined;
  const [, pounds = '0', fraction = ''] = match;
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0'));
}

const tokenSchema = z.looseObject({ access_token: z.string().min(1), expires_in: z.number() });
const createdSchema = z.looseObject({ id: z.string().regex(PROVIDER_ID) });
const errorSchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string() })).optional(),
  debug_id: z.string().optional(),
});
const captureSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.looseObject({ currency_code: z.string(), value: z.string() }),
  create_time: z.string().optional(),
  update_time: z.string().optional(),
});
const withEmail = z.looseObject({ email_address: z.string().optional() }).optional();
const capturedOrderSchema = z.looseObject({
  status: z.string(),
  payer: withEmail,
  payment_source: z.looseObject({ paypal: withEmail }).optional(),
  purchase_units: z.array(
    z.looseObject({
      payments: z.looseObject({ captures: z.array(captureSchema).optional() }).optional(),
    }),
  ),
});

interface ApiCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** PayPal's idempotency key: the same key again replays the first answer. */
  requestId?: string;
}

/** One HTTP request as sent, so that every retry sends exactly the same thing. */
interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** PayPal's answer to one call, its body parsed as JSON when it is JSON. */
interface Answer {
  status: number;
  body: unknown;
  debugId: string | undefined;
}

const isSuccess = (answer: Answer) => answer.status === 200 || answer.status === 201;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page, say): kept as text for the log.
  }
  const debugId =
    response.headers.get('paypal-debug-id') ?? errorSchema.safeParse(body).data?.debug_id;
  return { status: response.status, body, debugId };
}

/** PayPal's issue code for a failed call: the first detail's issue, else the error's name. */
function issueOf(answer: Answer): string {
  const error = errorSchema.safeParse(answer.body).data;
  return error?.details?.[0]?.issue ?? error?.name ?? `HTTP_${answer.status}`;
}

/** What the shopper is told about a failed call; PayPal's own words only go to the log. */
function failureFor(answer: Answer): PaymentFailed {
  if (answer.status === 401)
    return new PaymentFailed(MESSAGES.notConnected, 'AUTHENTICATION_FAILURE');
  if (answer.status === 404) return new PaymentFailed(MESSAGES.notFound, 'INVALID_RESOURCE_ID');
  const issue = issueOf(answer);
  switch (issue) {
    case 'INSTRUMENT_DECLINED':
    case 'TRANSACTION_REFUSED':
      return new PaymentFailed(MESSAGES.declined, issue, true);
    case 'ORDER_NOT_APPROVED':
      return new PaymentFailed(MESSAGES.notApproved, issue);
    case 'PAYER_ACTION_REQUIRED':
      return new PaymentFailed(MESSAGES.payerAction, issue, true);
    default:
      return new PaymentFailed(MESSAGES.refused, issue);
  }
}

/** The name cut to PayPal's limit between whole characters, so that no emoji or accent is split. */
function shortName(name: string): string {
  if (name.length <= ITEM_NAME_LIMIT) return name;
  let short = '';
  for (const { segment } of new Intl.Segmenter('en-GB').segment(name)) {
    if (short.length + segment.length > ITEM_NAME_LIMIT) break;
    short += segment;
  }
  return short;
}

function toPurchaseUnit({ reference, ...request }: PaymentRequest) {
  const gbp = (pence: Pence) => ({ currency_code: 'GBP', value: penceToPayPalValue(pence) });
  return {
    reference_id: reference,
    custom_id: reference,
    amount: {
      ...gbp(request.totalPence),
      breakdown: {
        item_total: gbp(request.itemsPence),
        shipping: gbp(request.shippingPence),
        discount: gbp(request.discountPence),
      },
    },
    items: request.items.map((item) => ({
      name: shortName(item.name),
      quantity: String(item.qty),
      unit_amount: gbp(item.unitPence),
      category: 'PHYSICAL_GOODS',
    })),
  };
}

/** The first capture of a captured order, or undefined when there is none we can read. */
function toCapture(body: unknown): Capture | undefined {
  const order = capturedOrderSchema.safeParse(body).data;
  const capture = order?.purchase_units[0]?.payments?.captures?.[0];
  if (!order || !capture) return undefined;
  const amountPence = payPalValueToPence(capture.amount.value);
  if (amountPence === undefined) return undefined;
  return {
    orderStatus: order.status,
    captureId: capture.id,
    captureStatus: capture.status,
    currency: capture.amount.currency_code,
    amountPence,
    payerEmail: order.payer?.email_address ?? order.payment_source?.paypal?.email_address ?? '',
    updateTime: capture.update_time ?? capture.create_time ?? '',
  };
}

/** Sends calls to PayPal: signs them in, and retries what can safely be retried. */
function createTransport(options: PayPalClientOptions) {
  const { apiBase, log, extraHeaders } = options;
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelaysMs = options.retryDelaysMs ?? [200, 500];
  const basicCredentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString(
    'base64',
  );
  let token: { value: string; renewAt: number } | undefined;
  let tokenOnItsWay: Promise<string> | undefined;

  async function tryOnce(request: HttpRequest): Promise<Answer> {
    const response = await send(`${apiBase}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return readAnswer(response);
  }

  /** Tries again after a 5xx, a network failure or a timeout, with the very same headers. */
  async function withRetries(request: HttpRequest): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      let failure: object;
      try {
        const answer = await tryOnce(request);
        if (answer.status < 500) return answer;
        failure = { status: answer.status, debugId: answer.debugId };
      } catch (error) {
        failure = { error: error instanceof Error ? `${error.name}: ${error.message}` : error };
      }
      const delay = retryDelaysMs[attempt - 1];
      if (delay === undefined) {
        log.error({ path: request.path, attempts: attempt, ...failure }, 'PayPal is not answering');
        throw new PaymentFailed(MESSAGES.unavailable, 'UNAVAILABLE', true);
      }
      log.warn({ path: request.path, attempt, ...failure }, 'PayPal call failed; trying again');
      await sleep(delay);
    }
  }

  async function fetchToken(): Promise<string> {
    const answer = await withRetries({
      method: 'POST',
      path: '/v1/oauth2/token',
      headers: {
        Authorization: `Basic ${basicCredentials}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const parsed = tokenSchema.safeParse(answer.body);
    if (!isSuccess(answer) || !parsed.success) {
      log.error(
        { status: answer.status, debugId: answer.debugId, answer: answer.body },
        'PayPal refused the shop’s client credentials',
      );
      throw new PaymentFailed(MESSAGES.notConnected, 'INVALID_CLIENT');
    }
    const { access_token, expires_in } = parsed.data;
    // Renewed a minute early (halfway for short lives), so that a token never expires in flight.
    const marginSeconds = Math.min(60, expires_in / 2);
    token = { value: access_token, renewAt: Date.now() + (expires_in - marginSeconds) * 1000 };
    return access_token;
  }

  async function currentToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return token.value;
    // Calls that arrive together share one token request.
    tokenOnItsWay ??= fetchToken().finally(() => (tokenOnItsWay = undefined));
    return tokenOnItsWay;
  }

  async function callWith(call: ApiCall, accessToken: string): Promise<Answer> {
    return withRetries({
      method: call.method,
      path: call.path,
      headers: {
        ...extraHeaders,
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(call.requestId === undefined ? {} : { 'PayPal-Request-Id': call.requestId }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  }

  return {
    /** One API call; a 401 fetches a new token once and repeats the call once. */
    async call(call: ApiCall): Promise<Answer> {
      const accessToken = await currentToken();
      const answer = await callWith(call, accessToken);
      if (answer.status !== 401) return answer;
      if (token?.value === accessToken) token = undefined;
      return callWith(call, await currentToken());
    },
  };
}

/**
 * The shop's PayPal client: Orders v2 over plain `fetch`, no SDK. It keeps its OAuth token until
 * shortly before it expires, and gives every write a `PayPal-Request-Id` derived from what it is
 * about, so a retry (ours after a 5xx or a timeout, or the shopper's) replays the first answer
 * instead of paying twice. Failures are `PaymentFailed` with words for the shopper; PayPal's
 * details and `debug_id` go to the log.
 */
export function createPayPalClient(options: PayPalClientOptions): PaymentProvider {
  const { log } = options;
  const transport = createTransport(options);

  function failed(action: string, answer: Answer): PaymentFailed {
    const failure = failureFor(answer);
    const details = {
      action,
      status: answer.status,
      issue: failure.issue,
      debugId: answer.debugId,
      paypal: answer.body,
    };
    // A declined card is the shopper's business; anything else is worth a look.
    if (failure.canRetry) log.warn(details, 'PayPal declined the payment');
    else log.error(details, 'PayPal refused the call');
    return failure;
  }

  function checkedId(id: string): string {
    if (PROVIDER_ID.test(id)) return id;
    log.warn({ id: id.slice(0, 100) }, 'Not a PayPal id');
    throw new PaymentFailed(MESSAGES.notFound, 'INVALID_RESOURCE_ID');
  }

  function captureFrom(action: string, answer: Answer): Capture {
    const capture = toCapture(answer.body);
    if (capture) return capture;
    // The body is not logged: it holds the payer's name and address.
    log.error(
      { action, status: answer.status, debugId: answer.debugId },
      'PayPal answered without a readable capture',
    );
    throw new PaymentFailed(MESSAGES.unconfirmed, 'CAPTURE_MISSING');
  }

  /** The capture made earlier under another request id (another server, or a key PayPal forgot). */
  async function earlierCapture(orderId: string): Promise<Capture> {
    const answer = await transport
      .call({ method: 'GET', path: `/v2/checkout/orders/${orderId}` })
      .catch((error: unknown) => {
        // Here the money was taken: "no money has been taken" would be untrue.
        if (error instanceof PaymentFailed && error.issue === 'UNAVAILABLE')
          throw new PaymentFailed(MESSAGES.takenUnconfirmed, 'UNAVAILABLE', true);
        throw error;
      });
    if (!isSuccess(answer)) throw failed('read captured order', answer);
    return captureFrom('read captured order', answer);
  }

  return {
    async createPayment(request) {
      const answer = await transport.call({
        method: 'POST',
        path: '/v2/checkout/orders',
        body: { intent: 'CAPTURE', purchase_units: [toPurchaseUnit(request)] },
        requestId: `create-${request.reference}`,
      });
      if (!isSuccess(answer)) throw failed('create', answer);
      const created = createdSchema.safeParse(answer.body);
      if (created.success) return { id: created.data.id };
      log.error(
        { debugId: answer.debugId, paypal: answer.body },
        'PayPal created no readable order',
      );
      throw new PaymentFailed(MESSAGES.unexpected, 'UNEXPECTED_RESPONSE');
    },

    async capturePayment(paymentId) {
      const orderId = checkedId(paymentId);
      const answer = await transport.call({
        method: 'POST',
        path: `/v2/checkout/orders/${orderId}/capture`,
        body: {},
        requestId: `capture-${orderId}`,
      });
      if (isSuccess(answer)) return captureFrom('capture', answer);
      if (answer.status === 422 && issueOf(answer) === 'ORDER_ALREADY_CAPTURED') {
        log.warn({ orderId, debugId: answer.debugId }, 'PayPal order captured before; reading it');
        return earlierCapture(orderId);
      }
      throw failed('capture', answer);
    },

    async refundCapture(captureId) {
      const id = checkedId(captureId);
      const answer = await transport.call({
        method: 'POST',
        path: `/v2/payments/captures/${id}/refund`,
        body: {},
        requestId: `refund-${id}`,
      });
      if (isSuccess(answer)) return;
      if (answer.status === 422 && issueOf(answer) === 'CAPTURE_FULLY_REFUNDED') {
        log.warn({ captureId: id, debugId: answer.debugId }, 'PayPal capture refunded before');
        return;
      }
      throw failed('refund', answer);
    },
  };
}
