import { formatPence, poundsToPence, type Pence } from '../../shared/money';
import {
  ORDER_MOVES,
  REFUNDABLE_STATUSES,
  RETURN_WINDOW_DAYS,
  canMove,
  type OrderEventType,
  type OrderMove,
} from '../../shared/order-status';
import {
  trackingUrl,
  type DispatchBody,
  type Order,
  type RefundBody,
  type ReturnBody,
} from '../../shared/orders';
import type { UserAccount } from '../accounts/user-account';
import { returnStock } from '../catalog/stock.service';
import { nowIso } from '../db/timestamps';
import { ShopError } from '../http/errors';
import { paidBackOn } from '../payments/ledger.service';
import {
  askForRefund,
  issueRefund,
  recordRefund,
  refundsLeftPending,
  retryRefund,
  type RecordTaken,
} from '../payments/refunds.service';
import { announceBackInStock } from '../stock-alerts/stock-alerts.service';
import { releaseVoucher } from '../vouchers/vouchers.service';
import {
  orderCancelledMail,
  orderDeliveredMail,
  orderDispatchedMail,
  orderRefundedMail,
  returnReceivedMail,
  returnRequestedMail,
} from './order-mails';
import type { Db } from '../db/schema';
import type { Mail } from '../mail/mailer';
import {
  addOrderEvent,
  cancelOwingTheRest,
  findOrder,
  itemLeftToRestock,
  moveOrder,
  recordRefundOwed,
  recordRestocked,
  restockTheRest,
  type MoveChanges,
  type StoredOrder,
} from './orders.repository';
import {
  loadOrder,
  orderNotFound,
  ownOrder,
  presentOne,
  queueOrderMails,
  refundsContextOf,
  type OrdersContext,
} from './orders.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const byName = (user: UserAccount) => user.name || user.email;

const REFUSALS = {
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
  refundInFull: () =>
    new ShopError('ORDER_NOT_REFUNDABLE', 'This order has been cancelled or refunded already'),
} satisfies Record<OrderMove, () => ShopError>;

type OrderMails = (order: Order, stored: StoredOrder) => Mail[];

/**
 * Moves an order as the transitions table allows, writes down who did it, and stores the mails the
 * move causes, all in one transaction; else refuses.
 */
async function move(
  context: OrdersContext,
  order: StoredOrder,
  step: OrderMove,
  event: { type: OrderEventType; by: string; detail?: string | null },
  changes: MoveChanges,
  mails: OrderMails,
): Promise<StoredOrder> {
  const { db } = context.database;
  const at = nowIso();
  const moved = await db.transaction().execute(async (trx) => {
    if (!(await moveOrder(trx, order.id, step, changes))) return false;
    await addOrderEvent(trx, order.id, {
      type: event.type,
      at,
      by: event.by,
      detail: event.detail ?? null,
    });
    await queueOrderMails(context, trx, order.id, mails);
    return true;
  });
  if (!moved) throw REFUSALS[step]();
  context.mailer.deliverDue();
  return loadOrder(context, order.id);
}

export async function dispatchOrder(
  context: OrdersContext,
  admin: UserAccount,
  id: string,
  body: DispatchBody,
): Promise<Order> {
  const order = await loadOrder(context, id);
  const tracking =
    body.carrier !== undefined && body.trackingNumber !== undefined
      ? {
          carrier: body.carrier,
          number: body.trackingNumber,
          url: trackingUrl(body.carrier, body.trackingNumber),
        }
      : undefined;
  const dispatched = await move(
    context,
    order,
    'dispatch',
    {
      type: 'dispatched',
      by: byName(admin),
      detail: tracking ? `${tracking.carrier} ${tracking.number}` : null,
    },
    { dispatchedAt: nowIso(), tracking },
    (moved, stored) => [orderDispatchedMail(stored.userEmail, moved, context)],
  );
  return presentOne(context, dispatched, admin);
}

export async function deliverOrder(
  context: OrdersContext,
  admin: UserAccount,
  id: string,
): Promise<Order> {
  const order = await loadOrder(context, id);
  const delivered = await move(
    context,
    order,
    'deliver',
    { type: 'delivered', by: byName(admin) },
    { deliveredAt: nowIso() },
    (moved, stored) => [orderDeliveredMail(stored.userEmail, moved, context)],
  );
  return presentOne(context, delivered, admin);
}

/**
 * Asks the provider for a recorded refund. When it goes through, the refund is marked succeeded
 * in one transaction with what follows from it: the order's history, its closing when paid back
 * in full, and the customer's mail (if the refund is one to write about).
 */
async function sendRefund(
  context: OrdersContext,
  order: StoredOrder,
  refundId: string,
  by: string,
  mails: OrderMails = () => [],
): Promise<boolean> {
  const refund = await issueRefund(
    refundsContextOf(context),
    refundId,
    recordRefunded(context, order.id, by, mails),
  );
  if (refund.status !== 'succeeded') {
    await recordRefundFailed(context, order.id, refund, by);
    return false;
  }
  context.mailer.deliverDue();
  return true;
}

/** A refund the provider refused, in the order's history; the refund waits for a retry. */
async function recordRefundFailed(
  { database }: OrdersContext,
  orderId: string,
  refund: { amountPence: Pence; error: string | null },
  by: string,
) {
  await addOrderEvent(database.db, orderId, {
    type: 'refund_failed',
    at: nowIso(),
    by,
    detail: `${formatPence(refund.amountPence)}: ${refund.error ?? 'the provider refused'}`,
  });
}

/** A refund the provider took: the order's history, its closing when paid back, the mails. */
function recordRefunded(
  context: OrdersContext,
  orderId: string,
  by: string,
  mails: OrderMails,
): RecordTaken {
  return async (trx, refund) => {
    await addOrderEvent(trx, orderId, {
      type: 'refunded',
      at: nowIso(),
      by,
      detail: `${formatPence(refund.amountPence)}: ${refund.reason}`,
    });
    await closeWhenPaidBack(trx, orderId);
    await queueOrderMails(context, trx, orderId, mails);
  };
}

/** The customer's mail about a refund that went through. */
const refundedMail =
  (context: OrdersContext, refund: { amountPence: Pence; reason: string }): OrderMails =>
  (paidBack, stored) => [orderRefundedMail(stored.userEmail, paidBack, refund, context)];

/** What follows from a refund found by its id (retried, or resumed after a crash) once taken. */
const recordTakenFor =
  (context: OrdersContext, by: string): RecordTaken =>
  (trx, taken) =>
    taken.orderId === null
      ? Promise.resolve()
      : recordRefunded(context, taken.orderId, by, refundedMail(context, taken))(trx, taken);

/**
 * Refunds a crash left between recording them and the provider's answer are asked for again with
 * their own key (the provider takes each once) and recorded as a live one is, the customer's
 * mail included. Every instance runs this on start and every minute; whichever settles a refund
 * first records what follows from it, once.
 */
export async function resumeLeftRefunds(context: OrdersContext): Promise<void> {
  for (const refund of await refundsLeftPending(context.database.db)) {
    const resumed = await askForRefund(
      refundsContextOf(context),
      refund,
      recordTakenFor(context, 'the shop'),
    );
    if (resumed.status !== 'succeeded' && refund.orderId !== null) {
      await recordRefundFailed(context, refund.orderId, resumed, 'the shop');
    }
  }
  context.mailer.deliverDue();
}

/** Refunds that have gone through up to the order's total move it to refunded. */
async function closeWhenPaidBack(trx: Db, orderId: string) {
  const order = await findOrder(trx, orderId);
  if (!order) throw orderNotFound();
  const paidBack = await paidBackOn(trx, orderId);
  if (paidBack < order.totalPence || !canMove(order.status, 'refundInFull')) return;
  await moveOrder(trx, orderId, 'refundInFull');
}

/**
 * A customer (or an admin) cancels an order that has not been dispatched: the stock goes back, the
 * voucher use is given back, and the rest of the total is refunded through the provider. A refund
 * the provider refuses is kept for admins to retry; the order stays cancelled.
 */
export async function cancelOrder(
  context: OrdersContext,
  user: UserAccount,
  id: string,
): Promise<Order> {
  const order = await ownOrder(context, user, id);
  const by = byName(user);
  const cancelled = await context.database.db.transaction().execute(async (trx) => {
    // What is owed is read within the move, so a part refund racing it is counted once.
    const owed = await cancelOwingTheRest(trx, order.id);
    if (owed === undefined) return undefined;
    await addOrderEvent(trx, order.id, { type: 'cancelled', at: nowIso(), by, detail: null });
    for (const line of await restockTheRest(trx, order.id)) await returnStock(trx, line);
    await releaseVoucher(trx, order.id);
    await queueOrderMails(context, trx, order.id, (moved, stored) => [
      orderCancelledMail(stored.userEmail, moved, context),
    ]);
    if (owed <= 0) return { refundId: null };
    const refundId = await recordRefund(trx, {
      paymentId: order.paymentId,
      captureId: order.captureId,
      orderId: order.id,
      amountPence: owed,
      reason: 'Order cancelled',
      createdBy: by,
    });
    return { refundId };
  });
  if (cancelled === undefined) throw REFUSALS.cancel();
  const { refundId } = cancelled;
  context.mailer.deliverDue();
  await announceBackInStock(context.alerts, productsOf(order.items));
  if (refundId !== null) await sendRefund(context, order, refundId, by);
  return presentOne(context, await loadOrder(context, order.id), user);
}

/** Within 14 days of delivery, the customer asks to send the order back; the shop is told. */
export async function requestReturn(
  context: OrdersContext,
  user: UserAccount,
  id: string,
  { reason }: ReturnBody,
): Promise<Order> {
  const order = await loadOrder(context, id);
  if (order.userId !== user.id) throw orderNotFound();
  const now = new Date();
  const returned = await move(
    context,
    order,
    'requestReturn',
    { type: 'return_requested', by: byName(user), detail: reason },
    {
      returnRequest: { reason, createdAt: now.toISOString() },
      deliveredSince: new Date(now.getTime() - RETURN_WINDOW_DAYS * DAY_MS).toISOString(),
    },
    (moved, stored) => [
      returnRequestedMail(context.trader.email, moved, context),
      returnReceivedMail(stored.userEmail, moved, context),
    ],
  );
  return presentOne(context, returned, user);
}

/** The order's items a refund puts back into stock, each checked against what it holds. */
function restockLines(order: StoredOrder, restock: RefundBody['restock']) {
  return restock.map((line) => {
    const item = order.items.find(
      (candidate) =>
        candidate.productId === line.product && candidate.variantId === (line.variant ?? null),
    );
    if (!item || line.qty > item.qty) {
      throw new ShopError(
        'RESTOCK_UNKNOWN_ITEM',
        'Only items of this order, up to the quantity bought, can go back into stock',
      );
    }
    return { item, productId: line.product, variantId: item.variantId, qty: line.qty };
  });
}

/** Puts a refund's lines back into stock, never more of an item than the order has left to. */
async function restock(trx: Db, orderId: string, lines: ReturnType<typeof restockLines>) {
  for (const { item, ...line } of lines) {
    if (!(await recordRestocked(trx, orderId, item.id, line.qty))) {
      const left = await itemLeftToRestock(trx, orderId, item.id);
      throw new ShopError(
        'RESTOCK_TOO_MANY',
        `Only ${left} of ${item.name}${item.variantLabel ? ` (${item.variantLabel})` : ''} can still go back into stock from this order`,
      );
    }
    await returnStock(trx, line);
  }
}

function productsOf(items: readonly { productId: string | null }[]): string[] {
  return items.flatMap((item) => (item.productId === null ? [] : [item.productId]));
}

/**
 * An admin gives back part or all of what an order was paid, choosing what goes back into stock.
 * The amount is recorded against the order first, in one conditional update, so refunds never
 * exceed what was paid even when two admins refund at once; then the provider is asked.
 */
export async function refundOrder(
  context: OrdersContext,
  admin: UserAccount,
  id: string,
  body: RefundBody,
): Promise<Order> {
  const order = await loadOrder(context, id);
  const amountPence = poundsToPence(body.amount);
  const lines = restockLines(order, body.restock);
  const by = byName(admin);
  const refundId = await context.database.db.transaction().execute(async (trx) => {
    if (!(await recordRefundOwed(trx, order.id, amountPence, REFUNDABLE_STATUSES)))
      return undefined;
    await restock(trx, order.id, lines);
    return recordRefund(trx, {
      paymentId: order.paymentId,
      captureId: order.captureId,
      orderId: order.id,
      amountPence,
      reason: body.reason,
      createdBy: by,
    });
  });
  if (refundId === undefined) {
    const now = await loadOrder(context, order.id);
    if (!(ORDER_MOVES.refundInFull.from as readonly string[]).includes(now.status)) {
      throw REFUSALS.refundInFull();
    }
    throw new ShopError(
      'REFUND_TOO_LARGE',
      `At most ${formatPence(now.totalPence - now.refundsRecordedPence)} is left to refund on this order`,
    );
  }
  await announceBackInStock(
    context.alerts,
    lines.map((line) => line.productId),
  );
  const refunded = refundedMail(context, { amountPence, reason: body.reason });
  if (!(await sendRefund(context, order, refundId, by, refunded))) {
    throw new ShopError(
      'REFUND_FAILED',
      'The payment provider did not take this refund. It is kept under failed refunds to try again.',
    );
  }
  return presentOne(context, await loadOrder(context, order.id), admin);
}

/** An admin asks again for a refund the provider refused before. */
export async function retryFailedRefund(
  context: OrdersContext,
  admin: UserAccount,
  id: string,
): Promise<{ message: string }> {
  const refund = await retryRefund(
    refundsContextOf(context),
    id,
    recordTakenFor(context, byName(admin)),
  );
  if (refund.status !== 'succeeded') {
    throw new ShopError(
      'REFUND_FAILED',
      `The payment provider still did not take this refund: ${refund.error ?? 'no reason given'}`,
    );
  }
  context.mailer.deliverDue();
  return { message: `${formatPence(refund.amountPence)} has been refunded` };
}
