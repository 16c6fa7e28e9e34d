import { ADMIN_PAGE_SIZE } from '../../shared/api';
import type { AdminOrderPage } from '../../shared/orders';
import type { Order } from '../../shared/orders';
import type { UserAccount } from '../accounts/user-account';
import { ShopError } from '../http/errors';
import { pageCount, pageOffset } from '../http/paging';
import type { OrdersContext } from './orders-context';
import { presentOne, presentOrders } from './order-view';
import { findOrder, listOrderSlice, listOrdersOf, type StoredOrder } from './orders.repository';

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

export async function orderFor(
  context: OrdersContext,
  user: UserAccount,
  id: string,
): Promise<Order> {
  return presentOne(context, await ownOrder(context, user, id), user);
}

export async function ordersOf({ database }: OrdersContext, user: UserAccount): Promise<Order[]> {
  return presentOrders(database.db, await listOrdersOf(database.db, user.id));
}

/** One page of every order in the shop, newest first: the admin's list. */
export async function orderPage(
  { database }: OrdersContext,
  pageNumber: number,
): Promise<AdminOrderPage> {
  const { orders, total } = await listOrderSlice(database.db, {
    offset: pageOffset(pageNumber, ADMIN_PAGE_SIZE),
    limit: ADMIN_PAGE_SIZE,
  });
  return {
    orders: await presentOrders(database.db, orders),
    page: pageNumber,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
  };
}
