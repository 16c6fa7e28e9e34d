import type { Order } from '../../shared/orders';
import { runsTheShop } from '../accounts/authentication';
import type { UserAccount } from '../accounts/user-account';
import { ShopError } from '../http/errors';
import type { OrdersContext } from './orders-context';
import { presentOne, presentOrders } from './order-view';
import { findOrder, listOrdersOf, type StoredOrder } from './orders.repository';

export const orderNotFound = () => new ShopError('ORDER_NOT_FOUND', 'Order not found');

export async function loadOrder({ database }: OrdersContext, id: string): Promise<StoredOrder> {
  const order = await findOrder(database.db, id);
  if (!order) throw orderNotFound();
  return order;
}

/** An order its owner or an admin may see; to anyone else it does not exist. */
export async function ownOrder(
  context: OrdersContext,
  user: UserAccount,
  id: string,
): Promise<StoredOrder> {
  const order = await loadOrder(context, id);
  if (order.userId !== user.id && user.role !== 'admin') throw orderNotFound();
  return order;
}

/** An order for its owner, or for staff and admins, who see every order. */
export async function orderFor(
  context: OrdersContext,
  user: UserAccount,
  id: string,
): Promise<Order> {
  const order = runsTheShop(user)
    ? await loadOrder(context, id)
    : await ownOrder(context, user, id);
  return presentOne(context, order, user);
}

export async function ordersOf(
  { database }: Pick<OrdersContext, 'database'>,
  user: Pick<UserAccount, 'id'>,
): Promise<Order[]> {
  return presentOrders(database.db, await listOrdersOf(database.db, user.id));
}
