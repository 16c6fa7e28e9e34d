import type { Order, RecipientOrder } from '../../shared/orders/orders';
import type { UserAccount } from '../accounts/user-account';
import { forgetGuestWithoutOrders } from '../customers/guest-customers';
import { ShopError } from '../http/errors';
import { guestOrdersLeft } from './customer-orders.repository';
import { cancelStored } from './after-sale/cancel';
import { opensForRecipient, opensOrder } from './order-keys';
import { orderNotFound } from './order-queries';
import { noteInHistory } from './order-records';
import { presentOne, presentOneToKeyHolder, presentToRecipient } from './order-view';
import { actorName, type OrdersContext } from './orders-context';
import { findOrder, type StoredOrder } from './orders.repository';
import { claimGuestOrder } from './order-writes.repository';

/** A guest's order opened by the key of its link; a wrong key finds no order. */
async function keyedOrder(context: OrdersContext, id: string, key: string): Promise<StoredOrder> {
  const order = await findOrder(context.database.db, id);
  if (!order || !opensOrder(order, key)) throw orderNotFound();
  return order;
}

/**
 * An order opened by a link's key: a guest's as its link shows it (nothing that says where they
 * live or how to reach them); a gift's as its recipient's link shows it (no prices either).
 */
export async function orderByKey(
  context: OrdersContext,
  id: string,
  key: string,
): Promise<Order | RecipientOrder> {
  const order = await findOrder(context.database.db, id);
  if (order && opensForRecipient(order, key)) return presentToRecipient(order);
  if (!order || !opensOrder(order, key)) throw orderNotFound();
  return presentOneToKeyHolder(context, order);
}

/**
 * The guest cancels their order from its link, as a customer would from their account. The
 * recipient's link follows the parcel only: it cannot cancel the gift.
 */
export async function cancelByKey(context: OrdersContext, id: string, key: string): Promise<Order> {
  const found = await findOrder(context.database.db, id);
  if (found && opensForRecipient(found, key)) {
    throw new ShopError(
      'FORBIDDEN',
      'This link lets you follow the parcel: only the person who ordered it can cancel it',
    );
  }
  const order = await keyedOrder(context, id, key);
  await cancelStored(context, order, { by: order.userName, buyer: true });
  const cancelled = await findOrder(context.database.db, id);
  if (!cancelled) throw orderNotFound();
  return presentOneToKeyHolder(context, cancelled);
}

/**
 * A customer signed in with the email a guest's order was placed with adds it to their account:
 * it is then theirs like any other, and its link's key stops opening it. Another account's
 * email is refused.
 */
export async function claimOrder(
  context: OrdersContext,
  customer: UserAccount,
  id: string,
  key: string,
): Promise<Order> {
  const order = await keyedOrder(context, id, key);
  if (order.userEmail.toLowerCase() !== customer.email.toLowerCase()) {
    throw new ShopError(
      'ORDER_EMAIL_DIFFERS',
      'This order was placed with another email address: sign in with that one to add it to your account',
    );
  }
  const { guestKeyHash } = order;
  const name = actorName(customer);
  const claimed =
    guestKeyHash !== null &&
    (await context.database.db.transaction().execute(async (trx) => {
      const moved = await claimGuestOrder(trx, id, guestKeyHash, { id: customer.id, name });
      if (!moved) return false;
      await noteInHistory(trx, id, { type: 'claimed', by: name });
      // A guest whose every order has joined an account is a guest no more.
      if ((await guestOrdersLeft(trx, order.userEmail)) === 0) {
        await forgetGuestWithoutOrders(trx, order.userEmail);
      }
      return true;
    }));
  if (!claimed) throw orderNotFound();
  const now = await findOrder(context.database.db, id);
  if (!now) throw orderNotFound();
  return presentOne(context, now, customer);
}
