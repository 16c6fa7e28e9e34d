import type { Db } from '../db/schema';
import { newId } from '../sql/ids';
import { toIsoString } from '../sql/timestamps';

/** A guest who has ordered, as the customers' pages know them. */
export interface GuestCustomer {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  lastOrderAt: string;
}

/**
 * A guest has ordered: they join the customers at their first order, and each later one keeps
 * the name they gave last. One row an email, however many orders arrive at once.
 */
export async function noteGuestOrder(
  db: Db,
  guest: { email: string; name: string; at: string },
): Promise<void> {
  await db
    .insertInto('guest_customers')
    .values({
      id: newId(),
      email: guest.email,
      name: guest.name,
      created_at: guest.at,
      last_order_at: guest.at,
    })
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({ name: guest.name, last_order_at: guest.at }),
    )
    .execute();
}

/** A guest whose orders have all joined an account is a guest no more. */
export async function removeGuestCustomer(db: Db, email: string): Promise<void> {
  await db.deleteFrom('guest_customers').where('email', '=', email).execute();
}

export async function findGuestCustomer(db: Db, id: string): Promise<GuestCustomer | undefined> {
  const row = await db
    .selectFrom('guest_customers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      name: row.name,
      createdAt: toIsoString(row.created_at),
      lastOrderAt: toIsoString(row.last_order_at),
    }
  );
}

/** The guests' ids by their emails, for those that are guests. */
export async function guestIdsByEmail(
  db: Db,
  emails: readonly string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('guest_customers')
    .select(['id', 'email'])
    .where('email', 'in', [...emails])
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}
