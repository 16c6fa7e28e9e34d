import type { ExpressionBuilder } from 'kysely';
import type { ShippingAddress } from '../../shared/accounts/addresses';
import type { Pence } from '../../shared/money';
import type { OrderStatus } from '../../shared/orders/order-status';
import type { Database, Db } from '../db/schema';
import { toIsoString } from '../sql/timestamps';

// What the customer pages read of a customer's orders: a guest's, found by the email they checked
// out with (a guest's order keeps its link's key until it joins an account), and the addresses
// and phone numbers any customer's orders went to.

/** Whose orders: an account's, or a guest's by their email. */
export type OrdersOwner = { userId: string } | { guestEmail: string };

/**
 * The orders of an account (along orders_user_idx), or of a guest by their email (along
 * orders_guest_email_idx): only the orders still a guest's, not those since joined to an account.
 */
function ordersOf(db: Db, owner: OrdersOwner) {
  const orders = db.selectFrom('orders');
  return 'userId' in owner
    ? orders.where('user_id', '=', owner.userId)
    : orders.where('guest_key_hash', 'is not', null).where('user_email', '=', owner.guestEmail);
}

/** How many orders, what was paid for them, and when the last was placed: summed by the database. */
function totalsColumns(eb: ExpressionBuilder<Database, 'orders'>) {
  return [
    eb.fn.countAll<number | string>().as('orders'),
    eb.fn
      .sum<number | string>(
        eb.case().when('paid_at', 'is not', null).then(eb.ref('total_pence')).else(0).end(),
      )
      .as('paid'),
    eb.fn.max('created_at').as('last_order_at'),
  ] as const;
}

/** One customer's orders in all: how many, what was paid, and when the last was placed. */
interface OrderTotals {
  orders: number;
  paidPence: Pence;
  lastOrderAt: string | null;
}

const totalsOf = (row: {
  orders: number | string;
  paid: number | string | null;
  last_order_at: string | Date | null;
}): OrderTotals => ({
  orders: Number(row.orders),
  paidPence: Number(row.paid ?? 0),
  lastOrderAt: row.last_order_at === null ? null : toIsoString(row.last_order_at),
});

export interface CustomerOrderTotals extends OrderTotals {
  userId: string;
}

/** The order totals of each of these customers who has any, along orders_user_idx. */
export async function orderTotalsOfCustomers(
  db: Db,
  userIds: readonly string[],
): Promise<CustomerOrderTotals[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['user_id', ...totalsColumns(eb)])
    .where('user_id', 'in', [...userIds])
    .groupBy('user_id')
    .execute();
  return rows.flatMap((row) =>
    row.user_id === null ? [] : [{ userId: row.user_id, ...totalsOf(row) }],
  );
}

/** One guest's orders in all, as the customers' list shows them. */
export interface GuestOrderTotals extends OrderTotals {
  email: string;
}

/** The order totals of each of these guests who has orders, along orders_guest_email_idx. */
export async function guestOrderTotals(
  db: Db,
  emails: readonly string[],
): Promise<GuestOrderTotals[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['user_email', ...totalsColumns(eb)])
    .where('guest_key_hash', 'is not', null)
    .where('user_email', 'in', [...emails])
    .groupBy('user_email')
    .execute();
  return rows.map((row) => ({ email: row.user_email, ...totalsOf(row) }));
}

/** How many orders a guest still has as a guest (not since joined to an account). */
export async function guestOrdersLeft(db: Db, email: string): Promise<number> {
  const [totals] = await guestOrderTotals(db, [email]);
  return totals?.orders ?? 0;
}

/** An order as a customer's page lists it. */
export interface OrderSummary {
  id: string;
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  totalPence: Pence;
}

/** Every order of an account or a guest, newest first. */
export async function orderSummariesOf(db: Db, owner: OrdersOwner): Promise<OrderSummary[]> {
  const rows = await ordersOf(db, owner)
    .select(['id', 'order_number', 'created_at', 'status', 'total_pence'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_number,
    createdAt: toIsoString(row.created_at),
    status: row.status,
    totalPence: row.total_pence,
  }));
}

/** How many of a customer's latest orders their addresses are gathered from. */
const ADDRESSES_FROM_LATEST = 100;

/**
 * The addresses a customer's latest orders went to, newest first, each once (with its phone);
 * an order whose buyer was forgotten has none left to give.
 */
export async function addressesOfOrders(db: Db, owner: OrdersOwner): Promise<ShippingAddress[]> {
  const rows = await ordersOf(db, owner)
    .select([
      'recipient_name',
      'address',
      'line2',
      'city',
      'county',
      'postal_code',
      'country',
      'phone',
    ])
    .where('address', '!=', '')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ADDRESSES_FROM_LATEST)
    .execute();
  const seen = new Map<string, ShippingAddress>();
  for (const row of rows) {
    const address: ShippingAddress = {
      name: row.recipient_name,
      address: row.address,
      line2: row.line2,
      city: row.city,
      county: row.county,
      postalCode: row.postal_code,
      country: row.country,
      phone: row.phone,
    };
    const key = JSON.stringify(address);
    if (!seen.has(key)) seen.set(key, address);
  }
  return [...seen.values()];
}
