import type { NoteBody } from '../../shared/orders/order-desk';
import type { Order } from '../../shared/orders/orders';
import type { UserAccount } from '../accounts/user-account';
import { recordChange } from '../audit/audit-log';
import { actorName, type OrdersContext } from './orders-context';
import { loadOrder } from './order-queries';
import { noteInHistory } from './order-records';
import { presentOne } from './order-view';

/**
 * Staff write a note on an order ("customer rang, leave with neighbour"): it joins the order's
 * history, which only staff and admins see, and the audit log.
 */
export async function addNote(
  context: OrdersContext,
  staff: UserAccount,
  id: string,
  body: NoteBody,
): Promise<Order> {
  const order = await loadOrder(context, id);
  await context.database.db.transaction().execute(async (trx) => {
    await noteInHistory(trx, order.id, { type: 'note', by: actorName(staff), detail: body.text });
    await recordChange(trx, staff, {
      action: 'order.note_added',
      target: { type: 'order', id: order.id, label: order.orderNumber },
      after: { text: body.text },
    });
  });
  return presentOne(context, order, staff);
}
