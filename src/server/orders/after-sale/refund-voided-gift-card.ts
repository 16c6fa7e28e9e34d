import { REFUNDABLE_STATUSES } from '../../../shared/orders/order-status';
import type { BuyerRefunds } from '../../gift-cards/gift-cards-admin.service';
import { actorName, type OrdersContext } from '../orders-context';
import { findOrder } from '../orders.repository';
import { recordRefundOwed } from '../order-writes.repository';
import { recordOrderRefund } from './record-order-refund';
import { sendOrderRefund } from './send-refund';

const nothing = { amountPence: 0, send: () => Promise.resolve() };

/**
 * A voided gift card's unspent balance, refunded to its buyer on the order that bought it, as any
 * refund of it is: PayPal first, then the cards that order was paid with; never more than is
 * left to refund on it (nothing, when it was refunded in full already). The buyer is mailed once
 * the provider has taken it.
 */
export function voidedGiftCardRefunds(context: OrdersContext): BuyerRefunds {
  return {
    async record(trx, { orderId, amountPence, last4 }, admin) {
      const order = await findOrder(trx, orderId);
      if (!order) return nothing;
      const owed = Math.min(amountPence, order.totalPence - order.refundsRecordedPence);
      if (owed <= 0 || !(await recordRefundOwed(trx, order.id, owed, REFUNDABLE_STATUSES))) {
        return nothing;
      }
      const by = actorName(admin);
      const reason = `Gift card ending ${last4} cancelled`;
      const { provider } = await recordOrderRefund(trx, order, { amountPence: owed, reason, by });
      return {
        amountPence: owed,
        async send() {
          if (!provider) return;
          await sendOrderRefund(
            context,
            { ...provider, orderId },
            { by, mailCustomer: true, order },
          );
        },
      };
    },
  };
}
