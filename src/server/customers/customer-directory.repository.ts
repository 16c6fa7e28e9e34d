import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { alongRead, readPage } from '../sql/page-read';
import { holds } from '../sql/text-match';
import { toIsoString } from '../sql/timestamps';

/** A customer as their list finds them: an account, or a guest known by their email. */
export interface DirectoryEntry {
  id: string;
  kind: 'account' | 'guest';
  name: string;
  email: string;
  createdAt: string;
}

/**
 * A slice of the customers, accounts and guests together, whose name or email holds `words` (any
 * case; everyone when there are none), newest first, with how many there are in all. The two
 * are read as one list along their own indexes (users_newest_idx, guest_customers_newest_idx),
 * merged by the database, a page past the middle from the oldest end.
 */
export async function searchCustomerSlice(
  db: Db,
  { words, offset, limit }: { words: string | undefined; offset: number; limit: number },
): Promise<{ customers: DirectoryEntry[]; total: number }> {
  const searched = words !== undefined && words !== '';
  let accounts = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'created_at', sql<string>`'account'`.as('kind')]);
  let guests = db
    .selectFrom('guest_customers')
    .select(['id', 'name', 'email', 'created_at', sql<string>`'guest'`.as('kind')]);
  if (searched) {
    accounts = accounts.where((eb) => eb.or([holds('name', words), holds('email', words)]));
    guests = guests.where((eb) => eb.or([holds('name', words), holds('email', words)]));
  }
  const count = async () => {
    const [people, visitors] = await Promise.all([
      accounts
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
      guests
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return Number(people.total) + Number(visitors.total);
  };
  const everyone = db.selectFrom(accounts.unionAll(guests).as('customers')).selectAll();
  const { rows, total } = await readPage({ offset, limit }, count, (at) =>
    alongRead(everyone, at, [
      ['created_at', 'desc'],
      ['id', 'desc'],
    ]).execute(),
  );
  return {
    customers: rows.map((row) => ({
      id: row.id,
      kind: row.kind === 'guest' ? 'guest' : 'account',
      name: row.name,
      email: row.email,
      createdAt: toIsoString(row.created_at),
    })),
    total,
  };
}
