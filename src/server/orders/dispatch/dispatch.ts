import type { Order } from '../../../shared/orders/orders';
import { trackingUrl, type DispatchBody } from '../../../shared/orders/parcels';
import type { UserAccount } from '../../accounts/user-account';
import { nowIso } from '../../sql/timestamps';
import { ShopError } from '../../http/errors';
import { loadOrder } from '../order-queries';
import { actorName, type OrdersContext } from '../orders-context';
import { orderDispatchedMail } from '../order-mails';
import { moveOrderOn } from '../order-moves';
import { presentOne } from '../order-view';
import type { StoredOrder } from '../orders.repository';

/**
 * Staff send a paid order on its way, with its tracking when given; the customer is mailed. A
 * collect order is made ready to collect instead, and mailed where and how to collect it.
 * Answers the order as stored: a dispatch of many needs no more of each. `at` is when it went, for
 * a parcel the carrier's file says went earlier than it is recorded; now unless given.
 */
export async function sendOnItsWay(
  context: OrdersContext,
  staff: UserAccount,
  { id, body, at = nowIso() }: { id: string; body: DispatchBody; at?: string | undefined },
): Promise<StoredOrder> {
  const tracking =
    body.carrier !== undefined && body.trackingNumber !== undefined
      ? {
          carrier: body.carrier,
          number: body.trackingNumber,
          url: trackingUrl(body.carrier, body.trackingNumber),
        }
      : undefined;
  if (tracking && (await loadOrder(context, id)).delivery?.collect) {
    const message =
      'This order is collected from the shop, not posted: it takes no tracking number';
    throw new ShopError('VALIDATION_FAILED', message, [{ path: 'trackingNumber', message }]);
  }
  return moveOrderOn(context, {
    orderId: id,
    step: 'dispatch',
    event: {
      type: 'dispatched',
      by: actorName(staff),
      detail: tracking ? `${tracking.carrier} ${tracking.number}` : null,
    },
    changes: { dispatchedAt: at, tracking },
    mails: (moved, stored) => [orderDispatchedMail(stored.userEmail, moved, context)],
    audited: {
      actor: staff,
      action: 'order.dispatched',
      after: tracking ? { carrier: tracking.carrier, trackingNumber: tracking.number } : {},
    },
  });
}

/** One order dispatched, answered as staff see it. */
export async function dispatchOrder(
  context: OrdersContext,
  staff: UserAccount,
  id: string,
  body: DispatchBody,
): Promise<Order> {
  return presentOne(context, await sendOnItsWay(context, staff, { id, body }), staff);
}
