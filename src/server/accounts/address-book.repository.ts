import type { Selectable } from 'kysely';
import type { ShippingAddress } from '../../shared/accounts/addresses';
import type { Dialect } from '../db/database';
import type { Db } from '../db/schema';
import { nowIso, toIsoString } from '../sql/timestamps';
import type { SavedAddressesTable } from './address-book.table';

/** An address in a customer's book. */
export interface BookAddress {
  id: string;
  address: ShippingAddress;
}

const COLUMNS = [
  'id',
  'name',
  'address',
  'line2',
  'city',
  'county',
  'postal_code',
  'country',
  'phone',
] as const;

function toBookAddress(row: Pick<Selectable<SavedAddressesTable>, (typeof COLUMNS)[number]>) {
  return {
    id: row.id,
    address: {
      name: row.name,
      address: row.address,
      line2: row.line2,
      city: row.city,
      county: row.county,
      postalCode: row.postal_code,
      country: row.country,
      phone: row.phone,
    },
  } satisfies BookAddress;
}

const addressColumns = (address: ShippingAddress) => ({
  name: address.name,
  address: address.address,
  line2: address.line2,
  city: address.city,
  county: address.county,
  postal_code: address.postalCode,
  country: address.country,
  phone: address.phone,
});

/** The customer's addresses, the one saved or chosen most recently first. */
export async function listAddresses(db: Db, userId: string): Promise<BookAddress[]> {
  const rows = await db
    .selectFrom('saved_addresses')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toBookAddress);
}

/**
 * Holds the customer's book until the transaction ends, so that two saves at once cannot both
 * take its last place. PostgreSQL locks the account's row; SQLite runs one transaction at a time.
 */
export async function lockAddressBook(db: Db, dialect: Dialect, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** When the customer last saved or chose an address, if they have any. */
export async function latestUse(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('saved_addresses')
    .select('last_used_at')
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toIsoString(row.last_used_at);
}

export async function insertAddress(
  db: Db,
  entry: { id: string; userId: string; address: ShippingAddress; usedAt: string },
): Promise<BookAddress> {
  const now = nowIso();
  await db
    .insertInto('saved_addresses')
    .values({
      id: entry.id,
      user_id: entry.userId,
      ...addressColumns(entry.address),
      last_used_at: entry.usedAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id: entry.id, address: entry.address };
}

/** Writes the address anew; undefined when the customer has no address of that id. */
export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  address: ShippingAddress,
): Promise<BookAddress | undefined> {
  const row = await db
    .updateTable('saved_addresses')
    .set({ ...addressColumns(address), updated_at: nowIso() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toBookAddress(row);
}

/** Marks the address as chosen at `usedAt`; undefined when the customer has none of that id. */
export async function markUsed(
  db: Db,
  userId: string,
  id: string,
  usedAt: string,
): Promise<BookAddress | undefined> {
  const row = await db
    .updateTable('saved_addresses')
    .set({ last_used_at: usedAt })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toBookAddress(row);
}

/** Removes the address; false when the customer has none of that id. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
