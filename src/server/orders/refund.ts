import { formatPence, poundsToPence } from '../../shared/money';
import { REFUNDABLE_STATUSES, canRefund } from '../../shared/order-status';
import type { Order, RefundBody } from '../../shared/orders';
import type { UserAccount } from '../accounts/user-account';
import { recordChange } from '../audit/audit-log';
import { putBackInStock } from '../catalog/stock.service';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import { recordRefund } from '../payments/refunds.service';
import { announceBackInStock } from '../stock-alerts/stock-alerts.service';
import { actorName, type OrdersContext } from './orders-context';
import { REFUSALS } from './order-moves';
import { loadOrder } from './order-queries';
import { presentOne } from './order-view';
import {
  itemLeftToRestock,
  recordRefundOwed,
  recordRestocked,
  type StoredOrder,
} from './orders.repository';
import { sendOrderRefund } from './send-refund';

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
      const name = `${item.name}${item.variantLabel ? ` (${item.variantLabel})` : ''}`;
      throw new ShopError(
        'RESTOCK_TOO_MANY',
        `Only ${left} of ${name} can still go back into stock from this order`,
      );
    }
    await putBackInStock(trx, line.productId, line.variantId, line.qty);
  }
}

/** Why a refund could not be recorded: the order is closed, or the amount is more than is left. */
async function refusalOf(context: OrdersContext, orderId: string): Promise<ShopError> {
  const now = await loadOrder(context, orderId);
  if (!canRefund(now.status)) return REFUSALS.refundInFull();
  return new ShopError(
    'REFUND_TOO_LARGE',
    `At most ${formatPence(now.totalPence - now.refundsRecordedPence)} is left to refund on this order`,
  );
}

/**
 * An admin gives back part or all of what an order was paid, choosing what goes back into stock.
 * The amount is recorded against the order first, in one conditional update, so refunds never
 * exceed what was paid even when two admins (or an admin and a cancellation) act at once; then
 * the provider is asked, and the customer mailed once it has taken it.
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
  const by = actorName(admin);
  const refund = await context.database.db.transaction().execute(async (trx) => {
    if (!(await recordRefundOwed(trx, order.id, amountPence, REFUNDABLE_STATUSES))) {
      return undefined;
    }
    await restock(trx, order.id, lines);
    await recordChange(trx, admin, {
      action: 'order.refunded',
      target: { type: 'order', id: order.id, label: order.orderNumber },
      after: {
        amount: body.amount,
        reason: body.reason,
        restocked: lines.map(({ item, qty }) => ({ name: item.name, sku: item.sku, qty })),
      },
    });
    return recordRefund(trx, {
      paymentId: order.paymentId,
      captureId: order.captureId,
      orderId: order.id,
      amountPence,
      reason: body.reason,
      createdBy: by,
    });
  });
  if (!refund) throw await refusalOf(context, order.id);
  await announceBackInStock(
    context.alerts,
    lines.map((line) => line.productId),
  );
  const sent = await sendOrderRefund(
    context,
    { ...refund, orderId: order.id },
    { by, mailCustomer: true },
  );
  if (sent.status !== 'succeeded') {
    throw new ShopError(
      'REFUND_FAILED',
      'The payment provider did not take this refund. It is kept under failed refunds to try again.',
    );
  }
  return presentOne(context, await loadOrder(context, order.id), admin);
}
