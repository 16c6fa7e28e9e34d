import type { Pence } from '../../shared/money';
import {
  PaymentFailed,
  type Capture,
  type PaymentProvider,
  type PaymentRequest,
} from './payment-provider';
import { penceToPayPalValue } from './paypal-amounts';
import {
  MESSAGES,
  PROVIDER_ID,
  createdSchema,
  failureFor,
  isSuccess,
  issueOf,
  sourceOf,
  toCapture,
  type Answer,
} from './paypal-answers';
import { createTransport, type PayPalClientOptions } from './paypal-transport';

export type { PayPalClientOptions };

const ITEM_NAME_LIMIT = 127;
/** Capture statuses that mean the money was taken (and may since have been given back). */
const TAKEN = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

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

/**
 * The payment source an order is opened with: a card to be given in PayPal's card fields, checked
 * by 3-D Secure when its bank requires it or always; Google Pay likewise. PayPal's buttons and
 * Apple Pay (whose device check stands for 3-D Secure) add their own when the shopper approves.
 */
function paymentSourceFor({ method, threeDS }: PaymentRequest) {
  const verification = {
    attributes: {
      verification: { method: threeDS === 'always' ? 'SCA_ALWAYS' : 'SCA_WHEN_REQUIRED' },
    },
  };
  if (method === 'card') return { payment_source: { card: verification } };
  if (method === 'google-pay') return { payment_source: { google_pay: verification } };
  return {};
}

function toPurchaseUnit(request: PaymentRequest) {
  const gbp = (pence: Pence) => ({ currency_code: 'GBP', value: penceToPayPalValue(pence) });
  return {
    reference_id: request.reference,
    custom_id: request.reference,
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
        body: {
          intent: 'CAPTURE',
          purchase_units: [toPurchaseUnit(request)],
          ...paymentSourceFor(request),
        },
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

    async readSource(paymentId) {
      const orderId = checkedId(paymentId);
      const answer = await transport.call({
        method: 'GET',
        path: `/v2/checkout/orders/${orderId}`,
      });
      if (!isSuccess(answer)) throw failed('read before capture', answer);
      return sourceOf(answer.body);
    },

    async findCapture(paymentId) {
      const orderId = checkedId(paymentId);
      const answer = await transport.call({
        method: 'GET',
        path: `/v2/checkout/orders/${orderId}`,
      });
      // An order PayPal no longer knows expired without ever being captured.
      if (answer.status === 404) return undefined;
      if (!isSuccess(answer)) throw failed('look up', answer);
      const capture = toCapture(answer.body);
      return capture && TAKEN.has(capture.captureStatus) ? capture : undefined;
    },

    async refundCapture(captureId, { amountPence, requestId }) {
      const id = checkedId(captureId);
      const answer = await transport.call({
        method: 'POST',
        path: `/v2/payments/captures/${id}/refund`,
        body:
          amountPence === undefined
            ? {}
            : { amount: { currency_code: 'GBP', value: penceToPayPalValue(amountPence) } },
        requestId,
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
