import type { Pence } from '../../shared/money';
import {
  paymentWords,
  type LiabilityShift,
  type OrderPayment,
  type PaymentMethod,
  type PaymentSettings,
} from '../../shared/payments/payment-methods';

/** What the shop asks a provider to collect: the total and how it is made up, in pence. */
export interface PaymentRequest {
  /** Our own reference for this attempt; also the idempotency key of the create call. */
  reference: string;
  itemsPence: Pence;
  shippingPence: Pence;
  discountPence: Pence;
  totalPence: Pence;
  items: { name: string; qty: number; unitPence: Pence }[];
  /** The way the shopper chose to pay, and for a card or Google Pay when to ask for 3-D Secure. */
  method: PaymentMethod;
  threeDS: PaymentSettings['threeDS'];
}

/** 3-D Secure's result for a card or wallet payment, in PayPal's words. */
export interface Authentication {
  liabilityShift: LiabilityShift | undefined;
  /** Whether the card takes part in 3-D Secure: Y, N, U (unavailable) or B (bypassed). */
  enrollmentStatus: string | undefined;
  /** How the check went: Y, N, R (rejected), A (attempted), U, C (challenge not finished)… */
  authenticationStatus: string | undefined;
}

/** What paid (or is about to pay) a payment, as the provider says it. */
export interface PaymentSource {
  method: PaymentMethod;
  /** A card's network ("Visa"), for cards and wallets; null for PayPal. */
  brand: string | null;
  last4: string | null;
  /** Undefined when no 3-D Secure result was given (PayPal, a wallet's own device check). */
  authentication: Authentication | undefined;
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
  /** What paid it. */
  source: PaymentSource;
  /** True for the test provider's, which took no money. */
  noMoneyTaken?: boolean;
}

/** How an order paid through the test provider's PayPal says it was paid: it took no money. */
export const TEST_PAYMENT_METHOD = 'Test payment (no money taken)';

/** How the order and its receipt say it was paid: "Visa ending 4242", "PayPal", a test payment. */
export function paidWith({ source, noMoneyTaken = false }: Capture): string {
  if (!noMoneyTaken) return paymentWords(source);
  if (source.method === 'paypal') return TEST_PAYMENT_METHOD;
  return `${paymentWords(source)} (test, no money taken)`;
}

/** What the order keeps of it. */
export function orderPaymentOf({ source }: Capture): OrderPayment {
  return {
    method: source.method,
    brand: source.brand,
    last4: source.last4,
    liabilityShift: source.authentication?.liabilityShift ?? null,
  };
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
   * What the shopper has approved the payment with, read before it is captured (a card's 3-D
   * Secure result among it); undefined while nothing has been approved.
   */
  readSource(paymentId: string): Promise<PaymentSource | undefined>;
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
