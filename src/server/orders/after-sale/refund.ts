import { formatPence, poundsToPence } from '../../../shared/money';
import { REFUNDABLE_STATUSES, canRefund } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import type { RefundBody } from '../../../shared/orders/after-sale';
import type { UserAccount } from '../../accounts/user-account';
import { recordChange } from '../../audit/audit-log';
import { ShopError } from '../../http/errors';
import { announceBackInStock } from '../../stock-alerts/stock-alerts.service';
import { actorName, type OrdersContext } from '../orders-context';
import { REFUSALS } from '../order-moves';
import { loadOrder } from '../order-queries';
import { presentOne } from '../order-view';
import { recordRefundOwed } from '../order-writes.repository';
import { restock, restockLines } from './restock';
import { sendOrderRefund } from './send-refund';
import { backOntoCards, recordOrderRefund } from './record-order-refund';
import { queueOrderMails } from '../order-records';
import { orderRefundedMail } from '../order-mails';

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
 * An admin gives back part or all of what an order was paid, choosing what goes back into stock:
 * to PayPal up to what it took, the rest back onto the gift cards the order was paid with.
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
    const shared = await recordOrderRefund(trx, order, { amountPence, reason: body.reason, by });
    if (shared.giftCards.length > 0) {
      await queueOrderMails(context, trx, {
        orderId: order.id,
        mails: (presented, stored) => [
          orderRefundedMail(
            stored.userEmail,
            presented,
            { amountPence, reason: body.reason, onto: backOntoCards(shared.giftCards) },
            context,
          ),
        ],
      });
    }
    return shared;
  });
  if (!refund) throw await refusalOf(context, order.id);
  context.mailer.deliverDue();
  await announceBackInStock(
    context.alerts,
    lines.map((line) => line.productId),
  );
  if (!refund.provider) return presentOne(context, await loadOrder(context, order.id), admin);
  const sent = await sendOrderRefund(
    context,
    { ...refund.provider, orderId: order.id },
    { by, mailCustomer: true, order },
  );
  if (sent.refund.status !== 'succeeded') {
    throw new ShopError(
      'REFUND_FAILED',
      'The payment provider did not take this refund. It is kept under failed refunds to try again.',
    );
  }
  // The order as the customer's mail was written from it, read once within the settling.
  return presentOne(context, sent.order ?? (await loadOrder(context, order.id)), admin);
}
