import type { Pence } from '../../shared/money';

/** What the shop asks a provider to collect: the total and how it is made up, in pence. */
export interface PaymentRequest {
  /** Our own reference for this attempt; also the idempotency key of the create call. */
  reference: string;
  itemsPence: Pence;
  shippingPence: Pence;
  discountPence: Pence;
  totalPence: Pence;
  items: { name: string; qty: number; unitPence: Pence }[];
}

/** One refund of (part of) a capture. */
interface RefundRequest {
  /** How much to give back; the whole capture, in whatever currency it was, when not given. */
  amountPence?: Pence;
  requestId: string;
}

/** What a capture did, as the provider reports it; the shop checks every field before fulfilling. */
export interface Capture {
  /** The provider's order status, `COMPLETED` when captured. */
  orderStatus: string;
  /** The capture's own id, used to refund; unique per payment. */
  captureId: string;
  /** `COMPLETED`, or `PENDING`/`DECLINED`… which are not paid. */
  captureStatus: string;
  currency: string;
  amountPence: Pence;
  payerEmail: string;
  updateTime: string;
  /** How it was paid, as the order and its receipt say it: `PayPal`, or a test payment. */
  method: string;
}

/** A payment the provider refused, or could not take; the message is for the shopper. */
export class PaymentFailed extends Error {
  override name = 'PaymentFailed';
  constructor(
    message: string,
    /** The provider's issue code (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED…), for logs. */
    readonly issue: string,
    /** True when the shopper could try again with another card or account. */
    readonly canRetry = false,
  ) {
    super(message);
  }
}

/**
 * A payment provider: PayPal's Orders v2 API, or the built-in test provider. Every write is safe to
 * repeat: a retry with the same payment id replays the first answer instead of paying twice.
 */
export interface PaymentProvider {
  /** Opens a payment for the buyer to approve; answers the provider's payment (order) id. */
  createPayment(request: PaymentRequest): Promise<{ id: string }>;
  /** Takes the approved payment. Throws PaymentFailed when it was declined or never approved. */
  capturePayment(paymentId: string): Promise<Capture>;
  /**
   * Gives `amountPence` of a capture back, or all of it. `requestId` names this refund: asking again with the
   * same one replays it instead of refunding twice. Throws PaymentFailed when the provider refuses.
   */
  refundCapture(captureId: string, refund: RefundRequest): Promise<void>;
  /**
   * The payment's capture as the provider has it now, or undefined while nothing has been taken
   * (not approved, not captured, held for review, or expired). For payments the shop's ledger
   * never saw captured: the reconciler asks this.
   */
  findCapture(paymentId: string): Promise<Capture | undefined>;
}
