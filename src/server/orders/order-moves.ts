import type { AuditAction } from '../../shared/audit/audit';
import {
  ORDER_MOVES,
  RETURN_WINDOW_DAYS,
  type OrderEventType,
  type OrderMove,
} from '../../shared/orders/order-status';
import { recordChange, type Actor } from '../audit/audit-log';
import { ShopError } from '../http/errors';
import type { OrdersContext } from './orders-context';
import { loadOrder, orderNotFound } from './order-queries';
import { noteInHistory, queueOrderMails, type OrderMails } from './order-records';
import type { StoredOrder } from './orders.repository';
import { moveOrder, type MoveChanges } from './order-writes.repository';

/** What each move says when the order is not in a state it may be made from. */
export const REFUSALS = {
  dispatch: () =>
    new ShopError(
      'ORDER_NOT_DISPATCHABLE',
      'Only a paid order that has not been dispatched can be dispatched',
    ),
  deliver: () =>
    new ShopError('ORDER_NOT_DELIVERABLE', 'Only a dispatched order can be marked delivered'),
  cancel: () =>
    new ShopError(
      'ORDER_NOT_CANCELLABLE',
      'This order can no longer be cancelled: it has been dispatched, cancelled or refunded. Once it arrives you can ask to return it.',
    ),
  requestReturn: () =>
    new ShopError(
      'ORDER_NOT_RETURNABLE',
      `A return can be asked for within ${RETURN_WINDOW_DAYS} days of delivery, once only. Please contact us about this order.`,
    ),
  closeReturn: () =>
    new ShopError('RETURN_NOT_OPEN', 'This order has no return waiting to be closed'),
  refundInFull: () =>
    new ShopError('ORDER_NOT_REFUNDABLE', 'This order has been cancelled or refunded already'),
} satisfies Record<OrderMove, () => ShopError>;

/**
 * Moves an order as the transitions table allows, writes down who did it, and stores the mails
 * the move causes, all in one transaction, with its audit entry when staff or an admin made it;
 * answers the order as it now stands. An order that is
 * not there (or not the given owner's) is 404; one in another state is refused in the move's words.
 */
/** A move to make: the order, the step, its note in the history, its changes and its mails. */
export interface OrderMoveRequest {
  orderId: string;
  step: OrderMove;
  event: { type: OrderEventType; by: string; detail?: string | null };
  changes: MoveChanges;
  mails: OrderMails;
  /** Who in the back office made it, for the audit log; none for a customer's own move. */
  audited?: { actor: Actor; action: AuditAction; after?: Record<string, unknown> };
}

export async function moveOrderOn(
  context: OrdersContext,
  { orderId, step, event, changes, mails, audited }: OrderMoveRequest,
): Promise<StoredOrder> {
  const moved = await context.database.db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, orderId, step, changes))) return undefined;
    await noteInHistory(trx, orderId, event);
    const order = await queueOrderMails(context, trx, { orderId, mails });
    if (audited) {
      await recordChange(trx, audited.actor, {
        action: audited.action,
        target: { type: 'order', id: orderId, label: order.orderNumber },
        before: { status: ORDER_MOVES[step].from.join(' or ') },
        after: { status: order.status, ...audited.after },
      });
    }
    return order;
  });
  if (!moved) {
    const order = await loadOrder(context, orderId);
    if (changes.ownerId !== undefined && order.userId !== changes.ownerId) throw orderNotFound();
    throw REFUSALS[step]();
  }
  context.mailer.deliverDue();
  return moved;
}
