import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '../../shared/payments/payment-methods';
import type { TestCard } from '../../shared/payments/test-cards';
import type { ShopDatabase } from '../db/database';
import { findPayment, type Payment } from './payment-ledger.repository';
import {
  PaymentFailed,
  type Capture,
  type PaymentProvider,
  type PaymentSource,
} from './payment-provider';
import { MESSAGES } from './paypal-answers';

/** The test provider: PayPal's steps, and the approval a card or wallet gives in PayPal's window. */
export interface TestProvider extends PaymentProvider {
  /**
   * What the shopper approved an opened card or wallet payment with: a test card, or the wallet
   * it was opened for.
   */
  approve(payment: Pick<Payment, 'id' | 'method'>, approval: { card?: TestCard }): PaymentSource;
}

/** The card inside a test wallet. */
const WALLET_CARD = { brand: 'Visa', last4: '1111' };

const paypalSource: PaymentSource = {
  method: 'paypal',
  brand: null,
  last4: null,
  authentication: undefined,
};

function cardSource(card: TestCard): PaymentSource {
  return {
    method: 'card',
    brand: card.brand,
    last4: card.number.slice(-4),
    authentication: {
      liabilityShift: card.liabilityShift,
      enrollmentStatus: card.enrollmentStatus,
      authenticationStatus: card.authenticationStatus,
    },
  };
}

const walletSource = (method: PaymentMethod): PaymentSource => ({
  method,
  ...WALLET_CARD,
  authentication: undefined,
});

/**
 * The payment provider for trying the shop: the same steps as PayPal, inside the server, and no
 * money. A PayPal payment is approved as soon as it is opened; a card or wallet one when the
 * checkout's test form approves it (a test card's 3-D Secure result and decline come with it).
 * A capture is for the total the payment was opened with. This process remembers what it
 * approved and captured. Refused when NODE_ENV=production (see config.ts).
 */
export function createTestProvider({ db }: ShopDatabase): TestProvider {
  const captured = new Map<string, Capture>();
  const approved = new Map<string, { source: PaymentSource; declines: boolean }>();

  async function openedPayment(paymentId: string) {
    const payment = await findPayment(db, paymentId);
    if (!payment) throw new PaymentFailed(MESSAGES.notFound, 'INVALID_RESOURCE_ID');
    return payment;
  }

  async function sourceOf(paymentId: string) {
    const payment = await openedPayment(paymentId);
    if (payment.method === 'paypal') return { payment, source: paypalSource, declines: false };
    const approval = approved.get(paymentId);
    return { payment, source: approval?.source, declines: approval?.declines ?? false };
  }

  return {
    createPayment() {
      return Promise.resolve({ id: `TEST${randomBytes(7).toString('hex').toUpperCase()}` });
    },
    approve(payment, { card }) {
      const source = card ? cardSource(card) : walletSource(payment.method);
      approved.set(payment.id, { source, declines: card?.declined ?? false });
      return source;
    },
    async readSource(paymentId) {
      return (await sourceOf(paymentId)).source;
    },
    async capturePayment(paymentId) {
      const earlier = captured.get(paymentId);
      if (earlier) return earlier;
      const { payment, source, declines } = await sourceOf(paymentId);
      if (!source) throw new PaymentFailed(MESSAGES.notApproved, 'ORDER_NOT_APPROVED');
      if (declines) {
        // As PayPal does, the shopper may approve another card for the same payment.
        approved.delete(paymentId);
        throw new PaymentFailed(MESSAGES.declined, 'INSTRUMENT_DECLINED', true);
      }
      const capture: Capture = {
        orderStatus: 'COMPLETED',
        source,
        captureId: `CAPTURE-${payment.id}`,
        captureStatus: 'COMPLETED',
        currency: 'GBP',
        amountPence: payment.totalPence,
        payerEmail: '',
        updateTime: new Date().toISOString(),
        noMoneyTaken: true,
      };
      captured.set(paymentId, capture);
      return capture;
    },
    refundCapture() {
      return Promise.resolve();
    },
    findCapture(paymentId) {
      return Promise.resolve(captured.get(paymentId));
    },
  };
}
