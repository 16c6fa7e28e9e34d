import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/timestamps';
import type { OrderItemsTable, OrdersTable, PaymentsTable } from './orders.tables';

type Db = Kysely<Database>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

export async function insertPayment(db: Db, payment: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOrder(
  db: Db,
  order: Insertable<OrdersTable>,
  items: Insertable<OrderItemsTable>[],
): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  await db.insertInto('order_items').values(items).execute();
}

async function withItems(db: Db, orders: OrderRow[]): Promise<OrderWithItems[]> {
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('position')
    .execute();
  return orders.map((order) => ({
    order,
    items: items.filter((item) => item.order_id === order.id),
  }));
}

export async function findOrder(db: Db, id: string): Promise<OrderWithItems | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return order && (await withItems(db, [order]))[0];
}

export async function findOrderByPayment(
  db: Db,
  paymentId: string,
): Promise<OrderWithItems | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return order && (await withItems(db, [order]))[0];
}

/** Newest first; one customer's when a user id is given, everyone's otherwise. */
export async function listOrders(db: Db, userId?: string): Promise<OrderWithItems[]> {
  let query = db.selectFrom('orders').selectAll();
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const orders = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return withItems(db, orders);
}

/** Marks a paid, undispatched order dispatched; answers whether it did. */
export async function markDispatched(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ dispatched_at: nowIso() })
    .where('id', '=', id)
    .where('paid_at', 'is not', null)
    .where('dispatched_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks a dispatched, undelivered order delivered; answers whether it did. */
export async function markDelivered(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ delivered_at: nowIso() })
    .where('id', '=', id)
    .where('dispatched_at', 'is not', null)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
