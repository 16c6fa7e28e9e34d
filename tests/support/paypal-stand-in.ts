import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PurchaseUnit } from './paypal-stand-in/create-order-checks';
import type { Reply } from './paypal-stand-in/error-replies';
import { handle } from './paypal-stand-in/http-routing';
import {
  installGooglePayStandIn,
  installStandInSdk,
  scriptOf,
} from './paypal-stand-in/browser-sdk';
import {
  STAND_IN_CARDS,
  approveWith,
  type StandInCard,
  type StandInSource,
  type StandInWallet,
} from './paypal-stand-in/payment-sources';
import type { StandInState } from './paypal-stand-in/stand-in-state';

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
  /** Where its stand-ins for PayPal's JS SDK and Google's Pay API script are served. */
  sdkUrl: string;
  googlePaySdkUrl: string;
  clientId: string;
  clientSecret: string;
  /** What the buyer does in PayPal's window: the order goes CREATED → APPROVED. */
  approve(orderId: string, buyer?: { email?: string }): void;
  /**
   * What the buyer does in the card fields: gives this card, which passes 3-D Secure or not as
   * its `authentication` says (and may be declined at capture). Another card may follow a decline.
   */
  approveCard(orderId: string, card: StandInCard): void;
  /** What the buyer does in Apple Pay's or Google Pay's sheet; its card is a Visa ending 1111. */
  approveWallet(orderId: string, wallet: StandInWallet, card?: Partial<StandInCard>): void;
  /** How many captures have been made, of every order: money taken. */
  readonly captureCount: number;
  /** The orders made so far, by id. */
  orders: ReadonlyMap<string, Readonly<StandInOrder>>;
  /** The capture id of each refund made so far, in order (a capture refunded in parts repeats). */
  refunds: readonly string[];
  /** How much of a capture has been refunded so far, in pence. */
  refundedPence(captureId: string): number;
  /** Every request received, token requests included, oldest first. */
  requests: readonly ReceivedRequest[];
  /** The next `count` API calls (not token requests) answer `status` (503) and do nothing. */
  failNext(count: number, status?: number): void;
  /** The next `count` refunds are refused (422 REFUND_NOT_ALLOWED) and refund nothing. */
  refuseRefunds(count: number): void;
  /** The order's capture completes for this amount, not the order's (to test the shop's checks). */
  captureAmountOverride(orderId: string, amount: { value: string; currency: string }): void;
  /** The order's capture comes back with status PENDING (held for review: not paid yet). */
  capturePending(orderId: string): void;
  /**
   * Runs `hold` once the next capture has been made (the money taken), before its answer goes
   * back: to break the shop's side at the worst moment.
   */
  beforeCaptureAnswer(hold: () => Promise<void>): void;
  /** Every refund request from now on waits this long before PayPal looks at it. */
  delayRefunds(ms: number): void;
  /**
   * Holds the next refund request on its way in: `arrived` resolves once it is here; `refuse()`
   * then answers it 422 (REFUND_NOT_ALLOWED), refunding nothing, and `pass()` lets it go on.
   */
  holdNextRefund(): { arrived: Promise<void>; refuse(): void; pass(): void };
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
  status: 'COMPLETED' | 'PENDING' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
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
  /** What the buyer approved it with; undefined until then (and again after a declined card). */
  source?: StandInSource;
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

const DEFAULT_BUYER = 'buyer@personal.example.com';

/** The settings that point a test shop's payments at the stand-in. */
export function payPalEnvironment(paypal: PayPalStandIn): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_API_BASE: paypal.baseUrl,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_SDK_URL: paypal.sdkUrl,
    GOOGLE_PAY_SDK_URL: paypal.googlePaySdkUrl,
  };
}

/** Starts a stand-in on a free port of 127.0.0.1. */
export async function startPayPalStandIn(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<PayPalStandIn> {
  const clientId = options.clientId ?? 'stand-in-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
  const orders = new Map<string, StandInOrder>();
  const refunds: string[] = [];
  const refundedPence = new Map<string, number>();
  const requests: ReceivedRequest[] = [];
  const tokens = new Set<string>();
  const replays = new Map<string, Reply>();
  const amountOverrides = new Map<string, PayPalMoney>();
  const pendingCaptures = new Set<string>();
  const failures = { count: 0, status: 503 };
  const refusedRefunds = { count: 0 };
  const state: StandInState = {
    clientId,
    clientSecret,
    orders,
    refunds,
    refundedPence,
    requests,
    tokens,
    replays,
    amountOverrides,
    pendingCaptures,
    failures,
    refusedRefunds,
    beforeCaptureAnswer: undefined,
    refundDelay: { ms: 0 },
    heldRefund: undefined,
    baseUrl: '',
    scripts: {},
  };

  function orderFor(orderId: string): StandInOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the stand-in has no order ${orderId}`);
    return order;
  }

  const server = createServer((request, response) => {
    handle(state, request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;
  state.scripts = {
    '/sdk/js': scriptOf(installStandInSdk, {
      base: state.baseUrl,
      challengeCards: Object.entries(STAND_IN_CARDS)
        .filter(([, card]) => card.challenge)
        .map(([number]) => number),
    }),
    '/gp/pay.js': scriptOf(installGooglePayStandIn, undefined),
  };

  return {
    baseUrl: state.baseUrl,
    sdkUrl: `${state.baseUrl}/sdk/js`,
    googlePaySdkUrl: `${state.baseUrl}/gp/pay.js`,
    clientId,
    clientSecret,
    approve(orderId, buyer = {}) {
      const order = orderFor(orderId);
      if (order.status !== 'CREATED') throw new Error(`order ${orderId} is ${order.status}`);
      order.payerEmail = buyer.email ?? DEFAULT_BUYER;
      approveWith(order, { kind: 'paypal', email: order.payerEmail });
    },
    approveCard(orderId, card) {
      approveWith(orderFor(orderId), { kind: 'card', card });
    },
    approveWallet(orderId, wallet, card = {}) {
      approveWith(orderFor(orderId), {
        kind: wallet,
        card: { brand: 'VISA', last_digits: '1111', ...card },
      });
    },
    get captureCount() {
      return [...orders.values()].reduce((sum, order) => sum + order.captures.length, 0);
    },
    orders,
    refunds,
    refundedPence: (captureId) => refundedPence.get(captureId) ?? 0,
    requests,
    failNext(count, status = 503) {
      failures.count = count;
      failures.status = status;
    },
    refuseRefunds(count) {
      refusedRefunds.count = count;
    },
    captureAmountOverride(orderId, { value, currency }) {
      amountOverrides.set(orderFor(orderId).id, { currency_code: currency, value });
    },
    capturePending(orderId) {
      pendingCaptures.add(orderFor(orderId).id);
    },
    beforeCaptureAnswer(hold) {
      state.beforeCaptureAnswer = hold;
    },
    delayRefunds(ms) {
      state.refundDelay.ms = ms;
    },
    holdNextRefund() {
      let arrive: () => void = () => undefined;
      let release: (how: 'refuse' | 'pass') => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<'refuse' | 'pass'>((resolve) => (release = resolve));
      state.heldRefund = { arrive, released };
      return { arrived, refuse: () => release('refuse'), pass: () => release('pass') };
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
