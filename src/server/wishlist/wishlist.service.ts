import {
  WISHLIST_LIMIT,
  wishlistItemOf,
  type WishlistItem,
  type WishlistQuery,
} from '../../shared/wishlist/wishlist';
import type { UserAccount } from '../accounts/user-account';
import { presentProduct } from '../catalog/catalog.service';
import { findProducts, liveProduct } from '../catalog/stock.service';
import type { ShopDatabase } from '../db/database';
import { newId } from '../sql/ids';
import type { Db } from '../db/schema';
import { ShopError } from '../http/errors';
import {
  addEntry,
  countEntries,
  hasEntry,
  latestAddition,
  listEntries,
  lockWishlist,
  removeAllEntries,
  removeEntry,
} from './wishlist.repository';

// Every call works on the caller's own list. Entries name products; what the answer says of them
// (price, stock, picture) is the catalogue's now, never what it was when they were kept.

/**
 * The customer's wishlist as the API answers it, the entry added last first. A product that is a
 * draft now is left out (and comes back if it goes on sale again); one deleted, or a variant no
 * longer sold, went with its entries. For "download my data" as much as for the list itself.
 */
export async function wishlistOf(db: Db, userId: string): Promise<WishlistItem[]> {
  const entries = await listEntries(db, userId);
  const products = await findProducts(db, [...new Set(entries.map((entry) => entry.productId))]);
  const onSale = new Map(
    products
      .filter((product) => product.status === 'live')
      .map((product) => [product.id, presentProduct(product)]),
  );
  return entries.flatMap((entry) => {
    const product = onSale.get(entry.productId);
    const item = product && wishlistItemOf(product, entry.variantId, entry.addedAt);
    return item ? [item] : [];
  });
}

export const wishlist = ({ db }: ShopDatabase, caller: UserAccount) => wishlistOf(db, caller.id);

/**
 * The time to mark an entry added with: now, or just after the latest on the list, so that the
 * one added last is first even when two came within the same millisecond.
 */
async function nextAddition(db: Db, userId: string): Promise<string> {
  const latest = await latestAddition(db, userId);
  const now = Date.now();
  return new Date(Math.max(now, latest === undefined ? now : Date.parse(latest) + 1)).toISOString();
}

/** The product on sale, and the variant named of it: what an entry may keep. */
async function whatToKeep(db: Db, productId: string, variantId: string | undefined) {
  const product = await liveProduct(db, productId);
  if (!product) throw new ShopError('PRODUCT_NOT_FOUND', 'Product not found');
  if (variantId === undefined) return { productId: product.id, variantId: null };
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant) {
    throw new ShopError(
      'VARIANT_NOT_FOUND',
      product.variants.length === 0
        ? `${product.name} comes in one version only`
        : `That option of ${product.name} is not sold`,
    );
  }
  return { productId: product.id, variantId: variant.id };
}

/**
 * Keeps a product, or one variant of it, on the customer's list. Keeping it again changes
 * nothing (it keeps its first date); a full list takes nothing new.
 */
export async function addToWishlist(
  { db, dialect }: ShopDatabase,
  caller: UserAccount,
  productId: string,
  { variant }: WishlistQuery,
): Promise<WishlistItem[]> {
  const kept = await whatToKeep(db, productId, variant);
  await db.transaction().execute(async (trx) => {
    await lockWishlist(trx, dialect, caller.id);
    if (await hasEntry(trx, caller.id, kept.productId, kept.variantId)) return;
    if ((await countEntries(trx, caller.id)) >= WISHLIST_LIMIT) {
      throw new ShopError(
        'WISHLIST_FULL',
        `Your wishlist holds ${WISHLIST_LIMIT} items, as many as it can: please remove one first`,
      );
    }
    await addEntry(trx, {
      id: newId(),
      userId: caller.id,
      ...kept,
      addedAt: await nextAddition(trx, caller.id),
    });
  });
  return wishlistOf(db, caller.id);
}

/** Takes an entry off the list; one that is not there (or names nothing) is simply not there. */
export async function removeFromWishlist(
  { db }: ShopDatabase,
  caller: UserAccount,
  productId: string,
  { variant }: WishlistQuery,
): Promise<WishlistItem[]> {
  await removeEntry(db, caller.id, productId, variant ?? null);
  return wishlistOf(db, caller.id);
}

/** Empties a customer's list, for an account closed without its row being deleted. */
export const forgetWishlist = (db: Db, userId: string) => removeAllEntries(db, userId);
