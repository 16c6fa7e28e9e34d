import {
  ADDRESS_BOOK_LIMIT,
  isSameAddress,
  type SavedAddress,
} from '../../shared/accounts/address-book';
import type { ShippingAddress } from '../../shared/accounts/addresses';
import type { Message } from '../../shared/api';
import type { ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import {
  deleteAddress,
  insertAddress,
  latestUse,
  listAddresses,
  lockAddressBook,
  markUsed,
  updateAddress,
  type BookAddress,
} from './address-book.repository';
import type { UserAccount } from './user-account';

// Every call works on the caller's own book: an address of anyone else's is not found, whoever
// asks, as the book holds where a customer's friends and family live.

const present = ({ id, address }: BookAddress): SavedAddress => ({ _id: id, ...address });

const addressNotFound = () =>
  new ShopError('ADDRESS_NOT_FOUND', 'That address is not in your address book');

/**
 * The time to mark an address saved or chosen with: now, or just after the latest in the book, so
 * that the one saved or chosen last is first even when two came within the same millisecond.
 */
async function nextUse(db: Db, userId: string): Promise<string> {
  const now = Date.now();
  const latest = await latestUse(db, userId);
  const after = latest === undefined ? now : Date.parse(latest) + 1;
  return new Date(Math.max(now, after)).toISOString();
}

export async function addressBook({ db }: ShopDatabase, caller: UserAccount) {
  return (await listAddresses(db, caller.id)).map(present);
}

/**
 * Saves an address to the top of the book. The same address saved again is not kept twice: the
 * one in the book moves to the top (`created` false). A full book takes no more.
 */
export async function saveAddress(
  { db, dialect }: ShopDatabase,
  caller: UserAccount,
  address: ShippingAddress,
): Promise<{ saved: SavedAddress; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockAddressBook(trx, dialect, caller.id);
    const book = await listAddresses(trx, caller.id);
    const usedAt = await nextUse(trx, caller.id);
    const same = book.find((entry) => isSameAddress(entry.address, address));
    if (same) {
      const moved = await markUsed(trx, caller.id, same.id, usedAt);
      if (moved) return { saved: present(moved), created: false };
    }
    if (book.length >= ADDRESS_BOOK_LIMIT) {
      throw new ShopError(
        'ADDRESS_BOOK_FULL',
        `Your address book holds ${ADDRESS_BOOK_LIMIT} addresses, as many as it can: please remove one first`,
      );
    }
    const id = newId();
    return {
      saved: present(await insertAddress(trx, { id, userId: caller.id, address, usedAt })),
      created: true,
    };
  });
}

/** Writes an address of the book anew; it keeps its place. */
export async function changeAddress(
  { db }: ShopDatabase,
  caller: UserAccount,
  id: string,
  address: ShippingAddress,
): Promise<SavedAddress> {
  const changed = await updateAddress(db, caller.id, id, address);
  if (!changed) throw addressNotFound();
  return present(changed);
}

/** The customer chose this address at checkout: it goes to the top of the book. */
export async function useAddress(
  { db, dialect }: ShopDatabase,
  caller: UserAccount,
  id: string,
): Promise<SavedAddress> {
  const used = await db.transaction().execute(async (trx) => {
    await lockAddressBook(trx, dialect, caller.id);
    return markUsed(trx, caller.id, id, await nextUse(trx, caller.id));
  });
  if (!used) throw addressNotFound();
  return present(used);
}

export async function removeAddress(
  { db }: ShopDatabase,
  caller: UserAccount,
  id: string,
): Promise<Message> {
  if (!(await deleteAddress(db, caller.id, id))) throw addressNotFound();
  return { message: 'Address removed from your address book' };
}
