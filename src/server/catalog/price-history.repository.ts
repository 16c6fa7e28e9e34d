import type { ExpressionBuilder } from 'kysely';
import type { PricePeriod } from '../../shared/catalog/was-prices';
import type { Database, Db } from '../db/schema';
import { newId } from '../sql/ids';
import { toIsoString } from '../sql/timestamps';

// Each product's and variant's price history: a row per stretch of time it sold at one price,
// written by whatever sets a price, in the same transaction.

/** A product (`variantId` null) or one of its variants, and the price it sells at. */
export interface PricedItem {
  productId: string;
  variantId: string | null;
  pricePence: number;
}

/** At most this many items in one statement. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    all.push(items.slice(start, start + CHUNK));
  }
  return all;
}

const keyOf = (productId: string, variantId: string | null) => `${productId}/${variantId ?? ''}`;

/** The rows of one item: a product's own (no variant) or a variant's. */
const ofItem =
  (productId: string, variantId: string | null) =>
  (eb: ExpressionBuilder<Database, 'price_history'>) =>
    eb.and([
      eb('product_id', '=', productId),
      variantId === null ? eb('variant_id', 'is', null) : eb('variant_id', '=', variantId),
    ]);

/**
 * Writes down that each item sells at its price from `at`: the period it is in closes at `at` and
 * one at the new price opens, unless it sells at that price already; an item with no history
 * opens it. A period that would close as it opened (two prices at one instant) is dropped. Call
 * in the transaction that sets the prices, up to 500 items at a statement.
 */
export async function recordPrices(
  db: Db,
  items: readonly PricedItem[],
  at: string,
): Promise<void> {
  for (const some of chunks(items)) {
    const open = await db
      .selectFrom('price_history')
      .select(['id', 'product_id', 'variant_id', 'price_pence', 'valid_from'])
      .where('valid_to', 'is', null)
      .where('product_id', 'in', [...new Set(some.map((item) => item.productId))])
      .execute();
    const openOf = new Map(open.map((row) => [keyOf(row.product_id, row.variant_id), row]));
    const changed = some.filter(
      (item) => openOf.get(keyOf(item.productId, item.variantId))?.price_pence !== item.pricePence,
    );
    if (changed.length === 0) continue;
    const ending = changed.flatMap((item) => {
      const row = openOf.get(keyOf(item.productId, item.variantId));
      return row ? [row] : [];
    });
    const sameInstant = ending.filter((row) => toIsoString(row.valid_from) === at);
    const closed = ending.filter((row) => toIsoString(row.valid_from) !== at);
    if (sameInstant.length > 0) {
      await db
        .deleteFrom('price_history')
        .where(
          'id',
          'in',
          sameInstant.map((row) => row.id),
        )
        .execute();
    }
    if (closed.length > 0) {
      await db
        .updateTable('price_history')
        .set({ valid_to: at })
        .where(
          'id',
          'in',
          closed.map((row) => row.id),
        )
        .execute();
    }
    await db
      .insertInto('price_history')
      .values(
        changed.map((item) => ({
          id: newId(),
          product_id: item.productId,
          variant_id: item.variantId,
          price_pence: item.pricePence,
          valid_from: at,
          valid_to: null,
        })),
      )
      .execute();
  }
}

function periodOf(row: {
  price_pence: number;
  valid_from: string | Date;
  valid_to: string | Date | null;
}): PricePeriod {
  return {
    pricePence: row.price_pence,
    from: toIsoString(row.valid_from),
    to: row.valid_to === null ? null : toIsoString(row.valid_to),
  };
}

/** An item's price history, oldest first. */
export async function pricePeriodsOf(
  db: Db,
  productId: string,
  variantId: string | null,
): Promise<PricePeriod[]> {
  const rows = await db
    .selectFrom('price_history')
    .select(['price_pence', 'valid_from', 'valid_to'])
    .where(ofItem(productId, variantId))
    .orderBy('valid_from')
    .execute();
  return rows.map(periodOf);
}

/**
 * The price history of a product and of each of its variants, each oldest first: the product's
 * own under null, a variant's under its id.
 */
export async function priceHistoriesOf(
  db: Db,
  productId: string,
): Promise<Map<string | null, PricePeriod[]>> {
  const rows = await db
    .selectFrom('price_history')
    .select(['variant_id', 'price_pence', 'valid_from', 'valid_to'])
    .where('product_id', '=', productId)
    .orderBy('valid_from')
    .execute();
  const histories = new Map<string | null, PricePeriod[]>();
  for (const row of rows) {
    const periods = histories.get(row.variant_id) ?? [];
    periods.push(periodOf(row));
    histories.set(row.variant_id, periods);
  }
  return histories;
}

/**
 * Makes an item's price history exactly these periods, the last one open: for a catalogue that
 * comes with its history (the demo's), written as it is stored.
 */
export async function replacePriceHistory(
  db: Db,
  { productId, variantId }: Omit<PricedItem, 'pricePence'>,
  periods: readonly PricePeriod[],
): Promise<void> {
  await db.deleteFrom('price_history').where(ofItem(productId, variantId)).execute();
  if (periods.length === 0) return;
  await db
    .insertInto('price_history')
    .values(
      periods.map((period) => ({
        id: newId(),
        product_id: productId,
        variant_id: variantId,
        price_pence: period.pricePence,
        valid_from: period.from,
        valid_to: period.to,
      })),
    )
    .execute();
}

/**
 * The price histories of these items, each oldest first, by `productId/variantId`
 * (`historyKey`): read 500 products at a statement.
 */
export async function priceHistoriesOfItems(
  db: Db,
  items: readonly Omit<PricedItem, 'pricePence'>[],
): Promise<Map<string, PricePeriod[]>> {
  const wanted = new Set(items.map((item) => keyOf(item.productId, item.variantId)));
  const histories = new Map<string, PricePeriod[]>();
  for (const some of chunks([...new Set(items.map((item) => item.productId))])) {
    const rows = await db
      .selectFrom('price_history')
      .select(['product_id', 'variant_id', 'price_pence', 'valid_from', 'valid_to'])
      .where('product_id', 'in', some)
      .orderBy('valid_from')
      .execute();
    for (const row of rows) {
      const key = keyOf(row.product_id, row.variant_id);
      if (!wanted.has(key)) continue;
      const periods = histories.get(key) ?? [];
      periods.push(periodOf(row));
      histories.set(key, periods);
    }
  }
  return histories;
}

/** How `priceHistoriesOfItems` keys an item. */
export const historyKey = (item: Omit<PricedItem, 'pricePence'>) =>
  keyOf(item.productId, item.variantId);
