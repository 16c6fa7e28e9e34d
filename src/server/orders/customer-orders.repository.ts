import type { ShippingAddress } from '../../shared/addresses';
import type { Pence } from '../../shared/money';
import type { Db } from '../db/schema';
import { toIsoString } from '../db/timestamps';
import type { OrderSummary } from './orders.repository';

// What the customer pages read of a customer's orders: a guest's, found by the email they checked
// out with (a guest's order keeps its link's key until it joins an account), and the addresses
// and phone numbers any customer's orders went to.

/** Whose orders: an account's, or a guest's by their email. */
export type OrdersOwner = { userId: string } | { guestEmail: string };

/** One guest's orders in all, as the customers' list shows them. */
export interface GuestOrderTotals {
  email: string;
  orders: number;
  paidPence: Pence;
  lastOrderAt: string | null;
}

/** The order totals of each of these guests who has orders, along orders_guest_email_idx. */
export async function guestOrderTotals(
  db: Db,
  emails: readonly string[],
): Promise<GuestOrderTotals[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'user_email',
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn
        .sum<number | string>(
          eb.case().when('paid_at', 'is not', null).then(eb.ref('total_pence')).else(0).end(),
        )
        .as('paid'),
      eb.fn.max('created_at').as('last_order_at'),
    ])
    .where('guest_key_hash', 'is not', null)
    .where('user_email', 'in', [...emails])
    .groupBy('user_email')
    .execute();
  return rows.map((row) => ({
    email: row.user_email,
    orders: Number(row.orders),
    paidPence: Number(row.paid),
    lastOrderAt: toIsoString(row.last_order_at),
  }));
}

/** How many orders a guest still has as a guest (not since joined to an account). */
export async function guestOrdersLeft(db: Db, email: string): Promise<number> {
  const [totals] = await guestOrderTotals(db, [email]);
  return totals?.orders ?? 0;
}

/** Every order of one guest, newest first. */
export async function guestOrderSummaries(db: Db, email: string): Promise<OrderSummary[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'created_at', 'status', 'total_pence'])
    .where('guest_key_hash', 'is not', null)
    .where('user_email', '=', email)
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
  let query = db
    .selectFrom('orders')
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
    .where('address', '!=', '');
  query =
    'userId' in owner
      ? query.where('user_id', '=', owner.userId)
      : query.where('guest_key_hash', 'is not', null).where('user_email', '=', owner.guestEmail);
  const rows = await query
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
