import type { Order } from '../../../shared/orders/orders';
import { trackingUrl, type TrackingBody } from '../../../shared/orders/parcels';
import type { UserAccount } from '../../accounts/user-account';
import { recordChange } from '../../audit/audit-log';
import { ShopError } from '../../http/errors';
import { actorName, type OrdersContext } from '../orders-context';
import { trackingCorrectedMail } from '../order-mails';
import { loadOrder } from '../order-queries';
import { noteInHistory, queueOrderMails } from '../order-records';
import { presentOne } from '../order-view';
import { correctTracking } from '../order-writes.repository';

/**
 * Staff put right the tracking of an order already dispatched: the order's history and the audit
 * log keep what it was, and the customer is mailed the right number.
 */
export async function correctOrderTracking(
  context: OrdersContext,
  staff: UserAccount,
  id: string,
  body: TrackingBody,
): Promise<Order> {
  const order = await loadOrder(context, id);
  const tracking = {
    carrier: body.carrier,
    number: body.trackingNumber,
    url: trackingUrl(body.carrier, body.trackingNumber),
  };
  if (order.tracking?.carrier === tracking.carrier && order.tracking.number === tracking.number) {
    throw new ShopError('TRACKING_UNCHANGED', 'That is the tracking the order has already');
  }
  const corrected = await context.database.db.transaction().execute(async (trx) => {
    if (!(await correctTracking(trx, order.id, tracking))) return undefined;
    const was = order.tracking ? `${order.tracking.carrier} ${order.tracking.number}` : 'none';
    await noteInHistory(trx, order.id, {
      type: 'tracking_corrected',
      by: actorName(staff),
      detail: `${tracking.carrier} ${tracking.number} (was ${was})`,
    });
    await recordChange(trx, staff, {
      action: 'order.tracking_corrected',
      target: { type: 'order', id: order.id, label: order.orderNumber },
      before: {
        carrier: order.tracking?.carrier ?? null,
        trackingNumber: order.tracking?.number ?? null,
      },
      after: { carrier: tracking.carrier, trackingNumber: tracking.number },
    });
    return queueOrderMails(context, trx, {
      orderId: order.id,
      mails: (moved, stored) => [trackingCorrectedMail(stored.userEmail, moved, context)],
    });
  });
  if (!corrected) {
    throw new ShopError(
      'ORDER_NOT_DISPATCHED',
      'Only the tracking of an order that has been dispatched can be corrected',
    );
  }
  context.mailer.deliverDue();
  return presentOne(context, corrected, staff);
}
