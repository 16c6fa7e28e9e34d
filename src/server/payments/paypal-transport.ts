import type { FastifyBaseLogger } from 'fastify';
import { PaymentFailed } from './payment-provider';
import { MESSAGES, isSuccess, readAnswer, tokenSchema, type Answer } from './paypal-answers';

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Sends calls to PayPal: signs them in, and retries what can safely be retried. */
export function createTransport(options: PayPalClientOptions) {
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
