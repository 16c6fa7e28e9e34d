import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  findProducts,
  putBackInStock,
  takeFromStock,
  type ProductRecord,
} from './catalog.repository';

/**
 * What other domains may ask of the catalogue's stock: read products to price them, take items
 * (never below zero: the update only happens while enough is left) and put them back.
 */
export type { ProductRecord } from './catalog.repository';

export function productsToPrice(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<ProductRecord[]> {
  return findProducts(db, ids);
}

/** Takes `qty` of a live product; answers false, changing nothing, when fewer are left. */
export function takeStock(db: Kysely<Database>, productId: string, qty: number): Promise<boolean> {
  return takeFromStock(db, productId, qty);
}

export function returnStock(db: Kysely<Database>, productId: string, qty: number): Promise<void> {
  return putBackInStock(db, productId, qty);
}
