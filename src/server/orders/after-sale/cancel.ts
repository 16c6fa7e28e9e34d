import { penceToPounds } from '../../../shared/money';
import type { Order } from '../../../shared/orders/orders';
import { recordChange } from '../../audit/audit-log';
import type { UserAccount } from '../../accounts/user-account';
import { giveBackToPreorder, putBackInStock } from '../../catalog/stock.service';
import { recordOrderRefund } from './record-order-refund';
import { announceBackInStock } from '../../stock-alerts/stock-alerts.service';
import { removeRedemption } from '../../vouchers/vouchers.service';
import { actorName, type OrdersContext } from '../orders-context';
import { orderCancelledMail, orderCancelledShopMail } from '../order-mails';
import { REFUSALS } from '../order-moves';
import { ShopError } from '../../http/errors';
import { ownOrder, loadOrder } from '../order-queries';
import { noteInHistory, queueOrderMails } from '../order-records';
import { presentOne } from '../order-view';
import type { StoredOrder } from '../orders.repository';
import { cancelOwingTheRest, restockTheRest } from '../order-writes.repository';
import { sendOrderRefund } from './send-refund';

const cardsAreVoidedOneByOne = () =>
  new ShopError(
    'ORDER_NOT_CANCELLABLE',
    'An order with gift cards in it cannot be cancelled as a whole: please contact us, and we will cancel the cards and refund what is left on them',
  );

const madeForThem = () =>
  new ShopError(
    'ORDER_NOT_CANCELLABLE',
    'This order holds personalised items, made for you, so it cannot be cancelled for a change of mind. If something is wrong with it, please contact us.',
  );

/**
 * A customer (or an admin) cancels an order that has not been dispatched: what refunds have not
 * put back goes back into stock, the voucher use is given back, and the rest of the total is
 * refunded through the provider, and beyond what it took back onto the order's gift cards. A refund the provider refuses is kept for admins to retry; the
 * order stays cancelled.
 */
export async function cancelOrder(
  context: OrdersContext,
  user: UserAccount,
  id: string,
): Promise<Order> {
  const order = await ownOrder(context, user, id);
  await cancelStored(context, order, {
    by: actorName(user),
    staff: user.id === order.userId ? undefined : user,
    buyer: user.role !== 'admin',
  });
  return presentOne(context, await loadOrder(context, order.id), user);
}

/**
 * Cancels the order for whoever may: its buyer (named `by` in its history), or `staff`, whose
 * cancellation the audit log keeps. Its `buyer` may not cancel an order with a personalised item,
 * which is outside the right to cancel once paid (Consumer Contracts Regulations 2013, regulation
 * 28(1)(b)); the shop still may, which refunds it as any cancellation does.
 */
export async function cancelStored(
  context: OrdersContext,
  order: StoredOrder,
  { by, staff, buyer }: { by: string; staff?: UserAccount | undefined; buyer: boolean },
): Promise<void> {
  if (buyer && order.items.some((item) => item.personalisation !== null)) throw madeForThem();
  // A card is money its recipient may have spent already: each is voided on its own, which
  // refunds what is left on it.
  if (order.items.some((item) => item.giftCard)) throw cardsAreVoidedOneByOne();
  const cancelled = await context.database.db.transaction().execute(async (trx) => {
    // What is owed is read within the move, so a part refund racing it is counted once.
    const owed = await cancelOwingTheRest(trx, order.id);
    if (owed === undefined) return undefined;
    await noteInHistory(trx, order.id, { type: 'cancelled', by });
    const restocked = await restockTheRest(trx, order.id);
    for (const line of restocked) {
      // Made to order took no stock; a pre-order gives its units back to the limit.
      if (line.madeToOrder) continue;
      if (line.preorderRelease === null) {
        await putBackInStock(trx, line.productId, line.variantId, line.qty);
      } else {
        await giveBackToPreorder(trx, line.productId, {
          releaseDate: line.preorderRelease,
          qty: line.qty,
        });
      }
    }
    await removeRedemption(trx, order.id);
    if (staff) {
      await recordChange(trx, staff, {
        action: 'order.cancelled',
        target: { type: 'order', id: order.id, label: order.orderNumber },
        before: { status: 'paid' },
        after: { status: 'cancelled', refund: penceToPounds(owed) },
      });
    }
    await queueOrderMails(context, trx, {
      orderId: order.id,
      mails: (moved, stored) => [
        orderCancelledMail(stored.userEmail, moved, context),
        orderCancelledShopMail(moved, stored.userEmail, context),
      ],
    });
    const refund =
      owed > 0
        ? (
            await recordOrderRefund(trx, order, {
              amountPence: owed,
              reason: 'Order cancelled',
              by,
            })
          ).provider
        : undefined;
    return { refund, restocked };
  });
  if (cancelled === undefined) throw REFUSALS.cancel();
  context.mailer.deliverDue();
  await announceBackInStock(
    context.alerts,
    cancelled.restocked.map((line) => line.productId),
  );
  if (cancelled.refund) {
    await sendOrderRefund(
      context,
      { ...cancelled.refund, orderId: order.id },
      { by, mailCustomer: false, order },
    );
  }
}
