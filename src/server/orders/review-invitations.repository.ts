import type { Db } from '../db/schema';

/**
 * Up to `limit` customers' orders delivered between the two instants whose customer has not been
 * asked to review them, the longest delivered first: one range of orders_review_invitation_idx.
 * Guests' orders are left out: a review needs an account.
 */
export async function ordersDueForInvitation(
  db: Db,
  {
    deliveredSince,
    deliveredBy,
    limit,
  }: { deliveredSince: string; deliveredBy: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'delivered')
    .where('review_invited_at', 'is', null)
    .where('delivered_at', '>', deliveredSince)
    .where('delivered_at', '<=', deliveredBy)
    .where('user_id', 'is not', null)
    .orderBy('delivered_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims an order's invitation for this instance alone: the first to set `review_invited_at`
 * has it, whoever else read the order as due. Answers whether this call did; call inside the
 * transaction that stores the mail, so a mail that cannot be kept leaves the order unclaimed.
 */
export async function claimInvitation(db: Db, orderId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ review_invited_at: at })
    .where('id', '=', orderId)
    .where('review_invited_at', 'is', null)
    .where('status', '=', 'delivered')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Whom to ask, and the products of the order still on sale that they have not reviewed. */
export interface InvitationFacts {
  orderNumber: string;
  name: string;
  email: string;
  products: { id: string; name: string }[];
}

/** What an invitation for the order says; undefined when its customer's account is gone. */
export async function invitationFacts(
  db: Db,
  orderId: string,
): Promise<InvitationFacts | undefined> {
  const customer = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.order_number', 'users.id', 'users.name', 'users.email'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!customer) return undefined;
  const products = await db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['products.id', 'products.name'])
    .where('order_items.order_id', '=', orderId)
    .where('products.status', '=', 'live')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reviews')
            .select('reviews.id')
            .whereRef('reviews.product_id', '=', 'products.id')
            .where('reviews.user_id', '=', customer.id),
        ),
      ),
    )
    .orderBy('order_items.position')
    .execute();
  const unique = [...new Map(products.map((product) => [product.id, product])).values()];
  return {
    orderNumber: customer.order_number,
    name: customer.name,
    email: customer.email,
    products: unique,
  };
}
