import { RETURN_OUTCOME_WORDS } from '../../../shared/orders/order-status';
import type { Order } from '../../../shared/orders/orders';
import type { ReturnCloseBody } from '../../../shared/orders/after-sale';
import type { UserAccount } from '../../accounts/user-account';
import { ShopError } from '../../http/errors';
import { REFUSALS, moveOrderOn } from '../order-moves';
import { loadOrder } from '../order-queries';
import { presentOne } from '../order-view';
import { actorName, type OrdersContext } from '../orders-context';
import { returnClosedMail } from './return-mails';

const nothingRefunded = () =>
  new ShopError(
    'RETURN_NOT_REFUNDED',
    'Nothing has been refunded on this order yet: refund what came back first, then close the return as refunded',
  );

/**
 * Staff end a customer's return: refunded (after a refund), exchanged (by other means than an
 * exchange order) or rejected (with a note saying why). The order is delivered again, off the
 * desk's returns; the customer is mailed; the audit log keeps who did it.
 */
export async function closeReturn(
  context: OrdersContext,
  staff: UserAccount,
  id: string,
  { outcome, note }: ReturnCloseBody,
): Promise<Order> {
  const order = await loadOrder(context, id);
  if (order.status !== 'return_requested') throw REFUSALS.closeReturn();
  if (outcome === 'refunded' && order.refundsRecordedPence === 0) throw nothingRefunded();
  const closedAt = new Date().toISOString();
  const closed = await moveOrderOn(context, {
    orderId: id,
    step: 'closeReturn',
    event: {
      type: 'return_closed',
      by: actorName(staff),
      detail: note ? `${RETURN_OUTCOME_WORDS[outcome]}: ${note}` : RETURN_OUTCOME_WORDS[outcome],
    },
    changes: { returnClosed: { outcome, note, closedAt } },
    mails: (moved, stored) => [
      returnClosedMail(stored.userEmail, moved, { outcome, note }, context),
    ],
    audited: { actor: staff, action: 'order.return_closed', after: { outcome, note } },
  });
  return presentOne(context, closed, staff);
}
