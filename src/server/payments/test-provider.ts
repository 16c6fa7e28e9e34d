import { randomBytes } from 'node:crypto';
import type { ShopDatabase } from '../db/database';
import { findPayment } from './payment-ledger.repository';
import { PaymentFailed, type Capture, type PaymentProvider } from './payment-provider';

/** How an order paid through the test provider says it was paid: it took no money. */
export const TEST_PAYMENT_METHOD = 'Test payment (no money taken)';

/**
 * The payment provider for trying the shop: the same two steps as PayPal, inside the server, and
 * no money. A payment is approved as soon as it is opened, and captures for the total it was
 * opened with; this process remembers what it captured. Refused when NODE_ENV=production (see
 * config.ts).
 */
export function createTestProvider({ db }: ShopDatabase): PaymentProvider {
  const captured = new Map<string, Capture>();
  return {
    createPayment() {
      return Promise.resolve({ id: `TEST${randomBytes(7).toString('hex').toUpperCase()}` });
    },
    async capturePayment(paymentId) {
      const payment = await findPayment(db, paymentId);
      if (!payment) {
        throw new PaymentFailed('That payment could not be found.', 'INVALID_RESOURCE_ID');
      }
      const capture = captured.get(paymentId) ?? {
        orderStatus: 'COMPLETED',
        method: TEST_PAYMENT_METHOD,
        captureId: `CAPTURE-${payment.id}`,
        captureStatus: 'COMPLETED',
        currency: 'GBP',
        amountPence: payment.totalPence,
        payerEmail: '',
        updateTime: new Date().toISOString(),
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
