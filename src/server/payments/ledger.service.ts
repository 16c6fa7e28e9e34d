import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import {
  findPayment,
  insertPayment,
  markCaptured,
  refundsOfOrder,
  succeededRefundsOfOrders,
  type Payment,
  type Refund,
} from './payment-ledger.repository';
import type { Capture } from './payment-provider';

export type { Payment, Refund } from './payment-ledger.repository';

/**
 * What other domains may ask of the payment ledger: open a payment, note its capture, close it
 * when its order is made, and read the refunds that went through.
 */
export function recordOpenedPayment(
  db: Db,
  payment: { id: string; userId: string; totalPence: Pence },
): Promise<void> {
  return insertPayment(db, payment);
}

export const paymentById = (db: Db, id: string): Promise<Payment | undefined> =>
  findPayment(db, id);

/** Notes the capture of an open payment; false when the payment is closed already. */
export const noteCapture = (db: Db, id: string, capture: Capture): Promise<boolean> =>
  markCaptured(db, id, capture);

/**
 * Holding a payment from the reconciler while its order is placed, and closing it as fulfilled
 * by its order (false when it was closed meanwhile).
 */
export { holdForOrder, markFulfilled } from './payment-ledger.repository';

/** The refunds that went through on these orders, oldest first. */
export const refundsPaid = (db: Db, orderIds: string[]): Promise<Refund[]> =>
  succeededRefundsOfOrders(db, orderIds);

/** How much of an order has actually been given back. */
export async function paidBackOn(db: Db, orderId: string): Promise<Pence> {
  const refunds = await refundsOfOrder(db, orderId, 'succeeded');
  return refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
}
