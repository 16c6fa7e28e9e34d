import { formatPence, penceToPounds } from '../../../shared/money';
import { recordChange } from '../../audit/audit-log';
import type { UserAccount } from '../../accounts/user-account';
import { ShopError } from '../../http/errors';
import { failedRefund, holdForAsking } from '../../payments/refunds.service';
import { actorName, type OrdersContext } from '../orders-context';
import { findOrder } from '../orders.repository';
import { sendAnyRefund } from './send-refund';

/**
 * An admin asks again for a refund the provider refused before, holding it first, so that two
 * admins retrying at once ask the provider once.
 */
export async function retryFailedRefund(
  context: OrdersContext,
  admin: UserAccount,
  id: string,
): Promise<{ message: string }> {
  const { db } = context.database;
  const refund = await holdForAsking(db, await failedRefund(db, id), ['failed']);
  if (!refund) {
    throw new ShopError(
      'REFUND_BEING_ASKED',
      'This refund is being asked for again already; look at it again in a minute',
    );
  }
  const order = refund.orderId === null ? undefined : await findOrder(db, refund.orderId);
  await recordChange(db, admin, {
    action: 'order.refund_retried',
    target: order
      ? { type: 'order', id: order.id, label: order.orderNumber }
      : { type: 'refund', id: refund.id, label: formatPence(refund.amountPence) },
    after: { refund: refund.id, amount: penceToPounds(refund.amountPence) },
  });
  const sent = await sendAnyRefund(context, refund, actorName(admin));
  if (sent.status !== 'succeeded') {
    throw new ShopError(
      'REFUND_FAILED',
      `The payment provider still did not take this refund: ${sent.error ?? 'no reason given'}`,
    );
  }
  return { message: `${formatPence(refund.amountPence)} has been refunded` };
}
