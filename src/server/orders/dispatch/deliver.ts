import type { Order } from '../../../shared/orders/orders';
import type { UserAccount } from '../../accounts/user-account';
import { nowIso } from '../../sql/timestamps';
import { actorName, type OrdersContext } from '../orders-context';
import { orderDeliveredMail } from '../order-mails';
import { moveOrderOn } from '../order-moves';
import { presentOne } from '../order-view';

/** Staff mark a dispatched order delivered; the customer is mailed. */
export async function deliverOrder(
  context: OrdersContext,
  staff: UserAccount,
  id: string,
): Promise<Order> {
  const delivered = await moveOrderOn(context, {
    orderId: id,
    step: 'deliver',
    event: { type: 'delivered', by: actorName(staff) },
    changes: { deliveredAt: nowIso() },
    mails: (moved, stored) => [orderDeliveredMail(stored.userEmail, moved, context)],
    audited: { actor: staff, action: 'order.delivered' },
  });
  return presentOne(context, delivered, staff);
}
