import type {
  BulkDispatchAnswer,
  BulkDispatchBody,
  DispatchLine,
} from '../../../shared/orders/order-desk';
import { ORDER_NUMBER_PATTERN } from '../../../shared/orders/orders';
import { dispatchBodySchema } from '../../../shared/orders/parcels';
import type { UserAccount } from '../../accounts/user-account';
import { ShopError } from '../../http/errors';
import { sendOnItsWay } from './dispatch';
import type { OrdersContext } from '../orders-context';
import { orderIdOfNumber } from '../orders.repository';

/** An order named by its number (any case, with or without its hyphen) or by its id. */
async function orderIdOf({ database }: OrdersContext, named: string): Promise<string> {
  const written = named.toUpperCase().replace(/[\s-]+/g, '');
  const asNumber = `${written.slice(0, 4)}-${written.slice(4)}`;
  if (ORDER_NUMBER_PATTERN.test(asNumber)) {
    return (await orderIdOfNumber(database.db, asNumber)) ?? named;
  }
  return named;
}

async function dispatchLine(context: OrdersContext, staff: UserAccount, line: DispatchLine) {
  const tracking = dispatchBodySchema.safeParse({
    carrier: line.carrier === '' ? undefined : line.carrier,
    trackingNumber: line.trackingNumber === '' ? undefined : line.trackingNumber,
  });
  if (!tracking.success) {
    const message = tracking.error.issues[0]?.message ?? 'That tracking is not right';
    throw new ShopError('VALIDATION_FAILED', message);
  }
  const order = await sendOnItsWay(context, staff, {
    id: await orderIdOf(context, line.id),
    body: tracking.data,
  });
  return order.id;
}

/**
 * Staff dispatch many orders at once, ticked or pasted as `order, carrier, tracking number`
 * lines: each as one dispatch alone would be, mailed once; a refused line is listed with its
 * reason and stops no other.
 */
export async function dispatchMany(
  context: OrdersContext,
  staff: UserAccount,
  body: BulkDispatchBody,
): Promise<BulkDispatchAnswer> {
  const answer: BulkDispatchAnswer = { dispatched: [], refused: [] };
  for (const line of body.orders) {
    try {
      answer.dispatched.push(await dispatchLine(context, staff, line));
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      answer.refused.push({ id: line.id, code: error.code, message: error.message });
    }
  }
  return answer;
}
