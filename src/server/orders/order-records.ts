import type { OrderEventType } from '../../shared/orders/order-status';
import type { Order } from '../../shared/orders/orders';
import type { Db } from '../db/schema';
import { nowIso } from '../sql/timestamps';
import type { Mail } from '../mail/mailer';
import { paidBackOn, succeededRefundsOfOrders } from '../payments/ledger.service';
import type { OrdersContext } from './orders-context';
import { presentOrder } from './order-view';
import { findOrder, type StoredOrder } from './orders.repository';
import { addOrderEvent, closeOpenReturn, moveOrder } from './order-writes.repository';

// What the order use cases write beside their change, in the change's own transaction: a line of
// the order's history, the order's closing once paid back, and the mails the change causes.

/** The mails a change causes, written from the order as it stands within the change. */
export type OrderMails = (order: Order, stored: StoredOrder) => Mail[];

/** Writes down what happened to an order and who did it, now unless told when. */
export function noteInHistory(
  trx: Db,
  orderId: string,
  event: { type: OrderEventType; by: string; detail?: string | null; at?: string },
): Promise<void> {
  return addOrderEvent(trx, orderId, {
    type: event.type,
    at: event.at ?? nowIso(),
    by: event.by,
    detail: event.detail ?? null,
  });
}

/**
 * Stores the mails a change to an order causes in the change's own transaction, written from the
 * order as it stands within it (or as the caller gives it, for one it has just made): the change
 * and its mails are kept together or not at all. The caller asks the mailer to deliver once the
 * transaction has committed. Answers the order as the mails were written from.
 */
export async function queueOrderMails(
  { mailer }: Pick<OrdersContext, 'mailer'>,
  trx: Db,
  {
    orderId,
    mails,
    asMade,
  }: {
    orderId: string;
    mails: OrderMails;
    /** The order as the caller holds it, made or moved within this transaction: not read again. */
    asMade?: { stored: StoredOrder; order: Order };
  },
): Promise<StoredOrder> {
  let written = asMade;
  if (!written) {
    const stored = await findOrder(trx, orderId);
    if (!stored) throw new Error(`order ${orderId} is not there within its own transaction`);
    const refunds = await succeededRefundsOfOrders(trx, [orderId]);
    written = { stored, order: presentOrder(stored, refunds) };
  }
  for (const mail of mails(written.order, written.stored)) await mailer.queue(mail, trx);
  return written.stored;
}

/**
 * Refunds that have gone through up to the order's total move it to refunded, from whichever
 * state the transitions table allows that from; a return still open is closed as refunded.
 */
export async function closeWhenPaidBack(
  trx: Db,
  order: Pick<StoredOrder, 'id' | 'totalPence'>,
): Promise<void> {
  if ((await paidBackOn(trx, order.id)) >= order.totalPence) {
    await moveOrder(trx, order.id, 'refundInFull');
    await closeOpenReturn(trx, order.id, {
      outcome: 'refunded',
      note: '',
      closedAt: nowIso(),
    });
  }
}
