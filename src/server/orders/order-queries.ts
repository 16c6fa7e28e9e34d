import { MY_ORDERS_PAGE_SIZE, type MyOrdersPage, type Order } from '../../shared/orders/orders';
import { runsTheShop } from '../accounts/authentication';
import type { UserAccount } from '../accounts/user-account';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import type { OrdersContext } from './orders-context';
import { presentOne, presentOrders } from './order-view';
import { findOrder, listOrdersOf, listOrdersPageOf, type StoredOrder } from './orders.repository';

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

/** Every order of a customer, newest first: for the copy of their data they may ask for. */
export async function ordersOf(
  { database }: Pick<OrdersContext, 'database'>,
  user: Pick<UserAccount, 'id'>,
): Promise<Order[]> {
  return presentOrders(database.db, await listOrdersOf(database.db, user.id));
}

/** A page of the signed-in customer's own orders, newest first. */
export async function ordersPageOf(
  { database }: Pick<OrdersContext, 'database'>,
  user: Pick<UserAccount, 'id'>,
  pageNumber: number,
): Promise<MyOrdersPage> {
  const { orders, total } = await listOrdersPageOf(database.db, user.id, {
    offset: pageOffset(pageNumber, MY_ORDERS_PAGE_SIZE),
    limit: MY_ORDERS_PAGE_SIZE,
  });
  return {
    orders: await presentOrders(database.db, orders),
    page: pageNumber,
    pages: pageCount(total, MY_ORDERS_PAGE_SIZE),
  };
}
